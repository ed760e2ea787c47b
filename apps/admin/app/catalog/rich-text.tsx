/**
 * A rich-text field for product descriptions (Tiptap): a labelled editing area with a small
 * toolbar (bold, italic, lists, headings, link) whose HTML is posted in a hidden field, so the
 * product form keeps its one form stack and the API stays the one that sanitises. It offers only
 * what the API keeps (catalog/html.ts: paragraphs, bold, italic, lists, h3/h4, https and mailto
 * links). Loaded lazily by the product form, so no other page downloads the editor.
 */
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { useFieldNotes } from '../field'

export interface RichTextProps {
  label: string
  name: string
  defaultValue?: string
  hint?: string
  errors?: string[]
}

/** The editor's HTML, or '' when it holds nothing (an empty editor is still one empty paragraph). */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML())

const SAFE_LINK = /^(https:\/\/|mailto:)/i

export default function RichText({ label, name, defaultValue = '', hint, errors }: RichTextProps) {
  const notes = useFieldNotes(hint, errors)
  const labelId = `${notes.id}-label`
  const { describedBy, invalid } = notes
  const [html, setHtml] = useState(defaultValue)
  // A hidden field fires no input event of its own: once it holds HTML it has not told of yet, it
  // does, as a control does, so the form hears of every edit (a toolbar's Bold as much as typing):
  // Conform checks it again, the unsaved-changes warning counts it.
  const field = useRef<HTMLInputElement>(null)
  const told = useRef(defaultValue)
  useEffect(() => {
    if (html === told.current) return
    told.current = html
    field.current?.dispatchEvent(new Event('input', { bubbles: true }))
  })
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [3, 4] },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: {
          openOnClick: false,
          autolink: false,
          protocols: ['mailto'],
          isAllowedUri: (url) => SAFE_LINK.test(url),
          HTMLAttributes: { target: null, rel: null },
        },
      }),
    ],
    content: defaultValue,
    onUpdate: ({ editor }) => setHtml(htmlOf(editor)),
  })
  // The editing area's name, hint and error state, kept in step with the form's messages.
  useEffect(() => {
    editor.setOptions({
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(invalid ? { 'aria-invalid': 'true' } : {}),
          class: 'rich-text-content',
        },
      },
    })
  }, [editor, labelId, describedBy, invalid])

  return (
    <div className="field rich-text">
      {/* The editing area is not a form control, so the label names it through aria-labelledby. */}
      {/* biome-ignore lint/a11y/noLabelWithoutControl: labels the contenteditable area by id */}
      <label id={labelId}>{label}</label>
      {notes.hint}
      <Toolbar editor={editor} label={label} />
      <EditorContent editor={editor} />
      <input ref={field} type="hidden" name={name} value={html} />
      {notes.message}
    </div>
  )
}

interface Action {
  label: string
  active: (editor: Editor) => boolean
  run: (editor: Editor) => void
}

const ACTIONS: Action[] = [
  {
    label: 'Bold',
    active: (e) => e.isActive('bold'),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    label: 'Italic',
    active: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    label: 'Heading',
    active: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    label: 'Subheading',
    active: (e) => e.isActive('heading', { level: 4 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 4 }).run(),
  },
  {
    label: 'Bulleted list',
    active: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: 'Numbered list',
    active: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
]

/**
 * One tab stop (arrow keys, Home and End move between the buttons, as WAI-ARIA's toolbar pattern
 * says); each button says whether its format applies where the cursor is.
 */
function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const active = useEditorState({
    editor,
    selector: ({ editor }) => [...ACTIONS.map((action) => action.active(editor)), editor.isActive('link')],
  })
  const [current, setCurrent] = useState(0)
  const [linkOpen, setLinkOpen] = useState(false)
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const count = ACTIONS.length + 1

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: (current + 1) % count,
      ArrowLeft: (current - 1 + count) % count,
      Home: 0,
      End: count - 1,
    }
    const next = moves[event.key]
    if (next === undefined) return
    event.preventDefault()
    setCurrent(next)
    buttons.current[next]?.focus()
  }

  const button = (index: number, text: string, pressed: boolean, onClick: () => void) => (
    <button
      key={text}
      type="button"
      ref={(element) => {
        buttons.current[index] = element
      }}
      tabIndex={index === current ? 0 : -1}
      aria-pressed={pressed}
      onFocus={() => setCurrent(index)}
      onClick={onClick}
    >
      {text}
    </button>
  )

  return (
    <>
      <div role="toolbar" aria-label={`${label} formatting`} className="toolbar" onKeyDown={onKeyDown}>
        {ACTIONS.map((action, index) =>
          button(index, action.label, active[index] ?? false, () => action.run(editor)),
        )}
        {button(ACTIONS.length, 'Link', active[ACTIONS.length] ?? false, () => setLinkOpen(!linkOpen))}
      </div>
      {linkOpen ? (
        <LinkField
          editor={editor}
          close={() => {
            setLinkOpen(false)
            editor.commands.focus()
          }}
        />
      ) : null}
    </>
  )
}

/** The address of the selected text's link: https or mailto only, as the API keeps. */
function LinkField({ editor, close }: { editor: Editor; close: () => void }) {
  const id = useId()
  const [href, setHref] = useState(() => String(editor.getAttributes('link').href ?? 'https://'))
  const [error, setError] = useState<string | null>(null)
  const apply = () => {
    if (!SAFE_LINK.test(href)) {
      setError('A link must start with https:// or mailto:.')
      return
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run()
    close()
  }
  return (
    <div className="inline link-field">
      <label htmlFor={id}>Link address</label>
      <input
        id={id}
        type="url"
        value={href}
        // biome-ignore lint/a11y/noAutofocus: opened by the Link button, the address is what comes next
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setHref(event.target.value)}
        onKeyDown={(event) => {
          // Enter applies the link instead of submitting the product form; Escape goes back.
          if (event.key === 'Enter') {
            event.preventDefault()
            apply()
          } else if (event.key === 'Escape') {
            event.preventDefault()
            close()
          }
        }}
      />
      <button type="button" onClick={apply}>
        Apply link
      </button>
      {editor.isActive('link') ? (
        <button
          type="button"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run()
            close()
          }}
        >
          Remove link
        </button>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  )
}
