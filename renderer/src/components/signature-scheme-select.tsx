import type { ChangeEvent } from 'react'
import { ENUMS } from '../../../src/sdk/api-enums'

/**
 * A select of the webhook signature schemes the gateway verifies, with an empty first choice whose
 * label says what empty means. The schemes are the API's `SignatureScheme` enum, generated from its
 * OpenAPI document (built from the provider kit's registry), so a new provider's scheme appears here
 * with no edit.
 */
export function SignatureSchemeSelect(props: {
  id: string
  value: string
  emptyLabel: string
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void
}) {
  return (
    <select id={props.id} className="select" value={props.value} onChange={props.onChange}>
      <option value="">{props.emptyLabel}</option>
      {ENUMS.SignatureScheme.map((s) => (
        <option key={s} value={s}>
          {s}
        </option>
      ))}
    </select>
  )
}
