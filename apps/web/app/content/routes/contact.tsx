/**
 * /contact (spec 2, route name 'contact'): the contact form. Validated in the browser as the fan
 * types and again on the server (one schema, in packages/core); the action sends it to the API,
 * which stores it and e-mails the team. A hidden honeypot field catches bots. It works without
 * JavaScript: the form posts to this route and the page shows the outcome.
 */
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import {
  CONTACT_TOPICS,
  contactMessageSchema,
  contentEndpoints,
  HONEYPOT_FIELD,
  plainText,
} from '@fanshop/core'
import { useEffect, useRef } from 'react'
import { Form, useNavigation } from 'react-router'
import { ApiError, callData } from '../../api.server.ts'
import type { SiteHandle } from '../../site/handle.ts'
import { RichText } from '../components/rich-text.tsx'
import { fetchBySlug } from '../content.server.ts'
import { pageSeo, seoMeta } from '../seo.ts'
import type { Route } from './+types/contact'
import '../../accounts/accounts.css'
import '../content.css'

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
  const submission = parseWithZod(await request.formData(), { schema: contactMessageSchema })
  if (submission.status !== 'success') return { result: submission.reply(), sent: null }
  try {
    const { message } = await callData(context, contentEndpoints.contact, { body: submission.value })
    return { result: submission.reply({ resetForm: true }), sent: message }
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode >= 500) throw error
    return { result: submission.reply({ formErrors: [error.message] }), sent: null }
  }
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formAction === '/contact'
  const status = useRef<HTMLParagraphElement>(null)
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactMessageSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
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

      <Form method="post" className="contact-form" {...getFormProps(form)}>
        {form.errors ? (
          <p className="notice notice--error" id={form.errorId} role="alert">
            {form.errors.join(' ')}
          </p>
        ) : null}

        <div className={`field ${fields.name.errors ? 'field--invalid' : ''}`}>
          <label className="field__label" htmlFor={fields.name.id}>
            Your name
          </label>
          <input
            className="field__control"
            autoComplete="name"
            {...getInputProps(fields.name, { type: 'text' })}
            key={fields.name.key}
          />
          <FieldError id={fields.name.errorId} errors={fields.name.errors} />
        </div>

        <div className={`field ${fields.email.errors ? 'field--invalid' : ''}`}>
          <label className="field__label" htmlFor={fields.email.id}>
            Your e-mail address
          </label>
          <input
            className="field__control"
            autoComplete="email"
            {...getInputProps(fields.email, { type: 'email' })}
            key={fields.email.key}
          />
          <FieldError id={fields.email.errorId} errors={fields.email.errors} />
        </div>

        <div className={`field ${fields.topic.errors ? 'field--invalid' : ''}`}>
          <label className="field__label" htmlFor={fields.topic.id}>
            What is it about?
          </label>
          <select className="field__control" {...getSelectProps(fields.topic)} key={fields.topic.key}>
            <option value="">Choose a topic</option>
            {CONTACT_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {topic}
              </option>
            ))}
          </select>
          <FieldError id={fields.topic.errorId} errors={fields.topic.errors} />
        </div>

        <div className={`field ${fields.message.errors ? 'field--invalid' : ''}`}>
          <label className="field__label" htmlFor={fields.message.id}>
            Your message
          </label>
          <textarea
            className="field__control"
            rows={7}
            {...getTextareaProps(fields.message)}
            key={fields.message.key}
          />
          <FieldError id={fields.message.errorId} errors={fields.message.errors} />
        </div>

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

function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null
  return (
    <p className="field__error" id={id}>
      {errors[0]}
    </p>
  )
}
