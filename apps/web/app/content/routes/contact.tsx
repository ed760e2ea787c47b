/**
 * /contact (spec 2, route name 'contact'): the contact form. Validated in the browser as the fan
 * types and again on the server (one schema, in packages/core); the action sends it to the API,
 * which stores it and e-mails the team. A hidden honeypot field catches bots. It works without
 * JavaScript: the form posts to this route and the page shows the outcome.
 */
import {
  CONTACT_TOPICS,
  contactMessageSchema,
  contentEndpoints,
  HONEYPOT_FIELD,
  plainText,
} from '@fanshop/core'
import { useEffect, useRef } from 'react'
import { data, Form, useNavigation } from 'react-router'
import { callData, formError } from '../../api.server.ts'
import { parseForm, useCueForm } from '../../site/form/cue-form.ts'
import { FormErrors, SelectField, TextAreaField, TextField } from '../../site/form/fields.tsx'
import type { SiteHandle } from '../../site/handle.ts'
import { RichText } from '../components/rich-text.tsx'
import { fetchBySlug } from '../content.server.ts'
import { pageSeo, seoMeta } from '../seo.ts'
import type { Route } from './+types/contact'
import '../content.css'
import '../editorial.css'

export const handle: SiteHandle = { routeName: 'contact' }

export async function loader({ context }: Route.LoaderArgs) {
  const page = await fetchBySlug(context, 'pages', 'contact')
  return {
    page,
    seo: pageSeo({
      publicUrl: context.publicUrl,
      path: '/contact',
      title: page.title.rendered,
      description: page.excerpt.rendered,
      image: page.featured_image,
    }),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(contactMessageSchema, await request.formData(), { autoCoercion: true })
  if (submission.status !== 'success') return { result: submission.reply(), sent: null }
  try {
    const { message } = await callData(context, contentEndpoints.contact, { body: submission.value })
    return { result: submission.reply({ resetForm: true }), sent: message }
  } catch (error) {
    const refused = formError(error)
    return data(
      { result: submission.reply({ formErrors: [refused.message] }), sent: null },
      { status: refused.statusCode },
    )
  }
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formAction === '/contact'
  const status = useRef<HTMLParagraphElement>(null)
  const form = useCueForm(contactMessageSchema, {
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    autoCoercion: true,
  })

  // After sending, move focus to the confirmation so it is read out and seen.
  useEffect(() => {
    if (actionData?.sent) status.current?.focus()
  }, [actionData])

  return (
    <div className="contact">
      <header className="content-header">
        <p className="eyebrow">Contact</p>
        <h1 className="content-title">{plainText(page.title.rendered)}</h1>
        <RichText html={page.excerpt.rendered} className="content-lead" />
      </header>
      <RichText html={page.content.rendered} className="contact__notes" />

      {actionData?.sent ? (
        <p className="notice notice--success" role="status" tabIndex={-1} ref={status}>
          {actionData.sent}
        </p>
      ) : null}

      <Form method="post" className="contact-form" {...form.formProps}>
        <FormErrors form={form} className="notice notice--error" />
        <TextField form={form} name="name" label="Your name" autoComplete="name" />
        <TextField form={form} name="email" label="Your e-mail address" type="email" autoComplete="email" />
        <SelectField
          form={form}
          name="topic"
          label="What is it about?"
          placeholder="Choose a topic"
          options={CONTACT_TOPICS.map((topic) => ({ value: topic, label: topic }))}
        />
        <TextAreaField form={form} name="message" label="Your message" rows={7} />

        {/* People never see or reach this field; form-filling bots do, and give themselves away. */}
        <div className="honeypot" aria-hidden="true">
          <label htmlFor="contact-website">Leave this field empty</label>
          <input id="contact-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
        </div>

        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Sending…' : 'Send message'}
        </button>
      </Form>
    </div>
  )
}
