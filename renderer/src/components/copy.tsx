import { Icon } from './icons'
import { useToast } from './toast'

/** Writes text to the clipboard, falling back to a hidden textarea where the async API is unavailable. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
    return
  } catch {
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.append(area)
    area.select()
    const ok = document.execCommand('copy')
    area.remove()
    if (!ok) throw new Error('copy failed')
  }
}

/** A button that copies `value` and confirms with a toast. */
export function CopyButton(props: { value: string; label: string; what?: string; compact?: boolean }) {
  const notify = useToast()
  const copy = async () => {
    try {
      await copyText(props.value)
      notify(`${props.what ?? 'Value'} copied`)
    } catch {
      notify('Could not copy', { tone: 'error', detail: 'Select the text and copy it by hand.' })
    }
  }
  return (
    <button
      type="button"
      className={props.compact ? 'icon-button' : 'button button-small'}
      onClick={copy}
      aria-label={props.label}
      title={props.label}
    >
      <Icon name="copy" />
      {!props.compact && <span>Copy</span>}
    </button>
  )
}

/** A monospace value with a copy button beside it (ids, keys, URLs). */
export function CopyField(props: { value: string; label: string; what?: string; secret?: boolean }) {
  return (
    <div className={`copy-field${props.secret ? ' copy-field-secret' : ''}`}>
      <code>{props.value}</code>
      <CopyButton value={props.value} label={props.label} {...(props.what && { what: props.what })} compact />
    </div>
  )
}
