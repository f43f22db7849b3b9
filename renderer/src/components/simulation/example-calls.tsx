import type { Schemas } from '../../lib/api'

/** The provider's ready-made calls; picking one fills the API panel's method, path and body. */
export function ExampleCalls({
  calls,
  onPick,
}: {
  calls: Schemas['SimulationExampleCall'][]
  onPick: (call: Schemas['SimulationExampleCall']) => void
}) {
  return (
    <fieldset className="plain-fieldset stack examples">
      <legend className="label">Examples</legend>
      <div className="row">
        {calls.map((call) => (
          <button
            key={call.label}
            type="button"
            className="button button-small"
            title={`${call.method} ${call.path}`}
            onClick={() => onPick(call)}
          >
            {call.label}
          </button>
        ))}
      </div>
    </fieldset>
  )
}
