import { useCallback, useState } from 'react'
import { useSession } from './session'

const keyFor = (workspace: string) => `switchyard.forwardTargets.${workspace}`

const read = (workspace: string): string[] => {
  try {
    const value = JSON.parse(localStorage.getItem(keyFor(workspace)) ?? '[]') as unknown
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
  } catch {
    return []
  }
}

/** A valid http(s) URL without credentials, the same rule the gateway applies to delivery targets. */
export function isTargetUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password
  } catch {
    return false
  }
}

/**
 * Forwarding targets saved in this browser, per workspace: the URLs offered when forwarding or
 * replaying an event (for example your app's local webhook handler).
 */
export function useForwardTargets() {
  const { workspace } = useSession()
  const [targets, setTargets] = useState(() => read(workspace))
  const save = useCallback(
    (next: string[]) => {
      localStorage.setItem(keyFor(workspace), JSON.stringify(next))
      setTargets(next)
    },
    [workspace],
  )
  return {
    targets,
    add: (url: string) => save([url, ...targets.filter((t) => t !== url)].slice(0, 20)),
    remove: (url: string) => save(targets.filter((t) => t !== url)),
  }
}
