import type { ChangeEvent } from 'react'
import type { Schemas } from '../lib/api'

type Scheme = NonNullable<Schemas['SignatureScheme']>

/**
 * The webhook signature schemes the gateway verifies, from the API's `SignatureScheme` enum (built
 * from the provider kit's registry): a scheme added there and not here fails the renderer's
 * typecheck after `npm run sdk:types`.
 */
const SCHEMES: Record<Scheme, true> = {
  github: true,
  stripe: true,
  slack: true,
  shopify: true,
  standard_webhooks: true,
  hubspot_v3: true,
  linear: true,
}

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
      {Object.keys(SCHEMES).map((s) => (
        <option key={s} value={s}>
          {s}
        </option>
      ))}
    </select>
  )
}
