import { type AnchorHTMLAttributes, type MouseEvent, useSyncExternalStore } from 'react'

const CHANGE = 'switchyard:navigate'

const subscribe = (onChange: () => void) => {
  window.addEventListener('popstate', onChange)
  window.addEventListener(CHANGE, onChange)
  return () => {
    window.removeEventListener('popstate', onChange)
    window.removeEventListener(CHANGE, onChange)
  }
}

const snapshot = () => `${window.location.pathname}${window.location.search}`

/** The current path and query, re-rendering on navigation. */
export function useLocation(): { path: string; params: URLSearchParams } {
  const href = useSyncExternalStore(subscribe, snapshot)
  const url = new URL(href, window.location.origin)
  return { path: url.pathname, params: url.searchParams }
}

/** Client-side navigation within the UI (history API; the server falls back to index.html). */
export function navigate(to: string, options: { replace?: boolean } = {}) {
  if (options.replace) window.history.replaceState(null, '', to)
  else window.history.pushState(null, '', to)
  window.dispatchEvent(new Event(CHANGE))
}

/** Sets or clears one query parameter of the current page without adding a history entry per keystroke. */
export function setParam(name: string, value: string | undefined, options: { replace?: boolean } = {}) {
  const url = new URL(window.location.href)
  if (value) url.searchParams.set(name, value)
  else url.searchParams.delete(name)
  navigate(`${url.pathname}${url.search}`, options)
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }

/** An anchor that navigates in-app on a plain click and behaves like a link otherwise. */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e)
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    e.preventDefault()
    navigate(to)
  }
  return <a href={to} onClick={handle} {...rest} />
}
