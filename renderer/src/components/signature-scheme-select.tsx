import type { ChangeEvent } from 'react'

/** The webhook signature schemes the gateway verifies (as SIGNATURE_SCHEMES in providers.schema.ts). */
const SCHEMES = ['github', 'stripe', 'slack', 'shopify', 'standard_webhooks', 'hubspot_v3'] as const

/** A select of the signature schemes, with an empty first choice whose label says what empty means. */
export function SignatureSchemeSelect(props: {
  id: string
  value: string
  emptyLabel: string
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void
}) {
  return (
    <select id={props.id} className="select" value={props.value} onChange={props.onChange}>
      <option value="">{props.emptyLabel}</option>
      {SCHEMES.map((s) => (
        <option key={s} value={s}>
          {s}
        </option>
      ))}
    </select>
  )
}
