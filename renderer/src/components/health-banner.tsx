import { useHealth } from '../lib/queries'

/** A banner across every page while the gateway cannot store writes (its data folder's disk is full). */
export function HealthBanner() {
  const health = useHealth()
  if (health.data?.status !== 'degraded') return null
  return (
    <div className="callout callout-danger health-banner" role="alert">
      <strong>The disk holding the data folder is full.</strong>
      <span>
        Nothing new is stored: webhooks and other writes are answered with 503 <code>disk_full</code> (senders
        retry), and what is already stored can still be read. Free some space on that disk; writes resume by
        themselves. <code>switchyard doctor</code> shows how much space is free.
      </span>
    </div>
  )
}
