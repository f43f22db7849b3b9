import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react'
import { Icon } from './icons'

type Tone = 'success' | 'error' | 'info'
interface Toast {
  id: number
  title: string
  detail?: string | undefined
  tone: Tone
}

type Notify = (title: string, options?: { detail?: string; tone?: Tone }) => void
const ToastContext = createContext<Notify>(() => {})

let nextId = 1

/** Toasts for copy and action feedback, announced to screen readers through a live region. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), [])
  const notify = useCallback<Notify>(
    (title, options = {}) => {
      const id = nextId++
      setToasts((all) => [
        ...all.slice(-3),
        { id, title, detail: options.detail, tone: options.tone ?? 'success' },
      ])
      window.setTimeout(() => dismiss(id), options.tone === 'error' ? 8000 : 3500)
    },
    [dismiss],
  )
  const value = useMemo(() => notify, [notify])
  return (
    <ToastContext.Provider value={value}>
      {children}
      <section className="toasts" aria-live="polite" aria-label="Notifications">
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast-${t.tone}`} role={t.tone === 'error' ? 'alert' : 'status'}>
            <Icon name={t.tone === 'error' ? 'x' : t.tone === 'info' ? 'info' : 'check'} />
            <div>
              <strong>{t.title}</strong>
              {t.detail && <p>{t.detail}</p>}
            </div>
            <button type="button" className="icon-button" onClick={() => dismiss(t.id)} aria-label="Dismiss">
              <Icon name="x" />
            </button>
          </div>
        ))}
      </section>
    </ToastContext.Provider>
  )
}

export const useToast = () => useContext(ToastContext)
