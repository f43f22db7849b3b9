/** A labelled text filter in a list page's toolbar. */
export function TextFilter(props: {
  id: string
  label: string
  placeholder: string
  value: string
  onChange: (value: string) => void
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        className="input"
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  )
}

/** A labelled select filter in a list page's toolbar; `options` are `[value, label]` pairs. */
export function SelectFilter(props: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  options: ReadonlyArray<readonly [value: string, label: string]>
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        className="select"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  )
}
