/**
 * The search field: a GET form to /search, so search works without JavaScript. Once the script
 * runs it is an ARIA 1.2 combobox (list autocomplete): as the fan types, products, stories and
 * music are suggested (debounced, from the /search page's own loader); arrows move through the
 * suggestions, Enter opens one, Escape closes the list. On a small phone the button is its icon
 * (named Search all the same), so the field has room to say what it searches. Only /shop and
 * /search import it, so it is not in other pages' code.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { Form, useFetcher, useNavigate } from 'react-router'
import type { loader } from '../catalog/routes/search.tsx'
import { SearchIcon } from './icons.tsx'
import { useHydrated } from './use-hydrated.tsx'

/** Quiet time after the last key before suggestions are asked for. */
const DEBOUNCE_MS = 200
/** Fewer letters than this suggest nothing (one letter matches most of the shop). */
const MIN_LENGTH = 2

interface Suggestion {
  id: string
  group: string
  label: string
  href: string
}

export function SearchBox(props: { initial?: string }) {
  const hydrated = useHydrated()
  const fetcher = useFetcher<typeof loader>()
  const navigate = useNavigate()
  const baseId = useId()
  const inputId = `${baseId}-input`
  const listId = `${baseId}-list`
  const [text, setText] = useState(props.initial ?? '')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const query = text.trim()
  const data = fetcher.data && fetcher.data.q === query ? fetcher.data : null
  const suggestions: Suggestion[] = data
    ? [
        ...data.products.map((p) => ({
          id: `p${p.id}`,
          group: 'Products',
          label: p.name,
          href: p.permalink,
        })),
        ...data.stories.map((s) => ({ id: `s${s.id}`, group: 'Stories', label: s.title, href: s.href })),
        ...data.music.map((m) => ({ id: `m${m.id}`, group: 'Music', label: m.title, href: m.href })),
        {
          id: 'all',
          group: '',
          label: `See all results for “${query}”`,
          href: `/search?q=${encodeURIComponent(query)}`,
        },
      ]
    : []
  const expanded = open && query.length >= MIN_LENGTH && suggestions.length > 0
  const optionId = (index: number) => `${baseId}-option-${suggestions[index]?.id}`
  const found = suggestions.length - 1

  function ask(value: string) {
    clearTimeout(timer.current)
    const wanted = value.trim()
    if (wanted.length < MIN_LENGTH) return
    timer.current = setTimeout(
      () => fetcher.load(`/search?q=${encodeURIComponent(wanted)}&suggest=1`),
      DEBOUNCE_MS,
    )
  }

  function go(suggestion: Suggestion) {
    setOpen(false)
    setActive(-1)
    navigate(suggestion.href)
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return
      event.preventDefault()
      setOpen(true)
      const step = event.key === 'ArrowDown' ? 1 : -1
      // Positions cycle through the input (-1) and each suggestion.
      const positions = suggestions.length + 1
      setActive((current) => (((expanded ? current + 1 : 0) + step + positions) % positions) - 1)
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault()
      go(suggestions[active]!)
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault()
        setOpen(false)
        setActive(-1)
      } else if (text) {
        event.preventDefault()
        setText('')
      }
    }
  }

  return (
    <Form method="get" action="/search" role="search" className="search-box" onSubmit={() => setOpen(false)}>
      <label htmlFor={inputId} className="visually-hidden">
        Search products, stories and music
      </label>
      <input
        id={inputId}
        className="search-box__input"
        type="search"
        name="q"
        placeholder="Products, stories, music"
        maxLength={100}
        autoComplete="off"
        enterKeyHint="search"
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setOpen(true)
          setActive(-1)
          ask(event.target.value)
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        {...(hydrated
          ? {
              role: 'combobox',
              'aria-autocomplete': 'list' as const,
              'aria-expanded': expanded,
              'aria-controls': listId,
              'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
            }
          : {})}
      />
      <button type="submit" className="button search-box__submit" aria-label="Search">
        <SearchIcon />
        <span className="search-box__submit-text">Search</span>
      </button>
      {hydrated ? (
        <>
          <div
            id={listId}
            role="listbox"
            aria-label="Suggestions"
            className="search-box__list"
            hidden={!expanded}
          >
            {suggestions.map((suggestion, index) => (
              // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the input, which points at the active option (aria-activedescendant)
              // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keys for every option
              <div
                key={suggestion.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={`search-box__option ${index === active ? 'search-box__option--active' : ''} ${suggestion.group ? '' : 'search-box__option--all'}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(suggestion)}
              >
                {suggestion.group ? <span className="search-box__group">{suggestion.group}</span> : null}
                {suggestion.label}
              </div>
            ))}
          </div>
          <p className="visually-hidden" aria-live="polite">
            {expanded ? (found === 0 ? 'No suggestions.' : `${found} suggestions.`) : ''}
          </p>
        </>
      ) : null}
    </Form>
  )
}
