import { createContext, type FormEvent, type ReactNode, useContext } from 'react'
import { Modal } from './dialog'
import { ErrorNote, Field, fieldErrors } from './ui'

/** What a form needs of its mutation: the API's answer to the last save and whether one is running. */
interface SaveState {
  error: unknown
  isPending: boolean
}

interface FormState {
  /** The API's per-field messages, by field name (the pointer's first segment). */
  errors: Record<string, string>
  saving: boolean
  /** The fields on screen, registered as they render: their messages show beside them. */
  shown: Set<string>
}

const FormContext = createContext<FormState | null>(null)

function useFormState(): FormState {
  const state = useContext(FormContext)
  if (!state) throw new Error('a form field is rendered outside <Form>')
  return state
}

/**
 * One form around one mutation: each field registers its name, shows the API's message about it
 * inline, and a problem some field on screen does not show is one note at the end; the submit button says
 * when it is saving. Every dashboard form goes through this, so a 400 is shown the same way everywhere.
 */
export function Form(props: {
  save: SaveState
  onSubmit: () => void
  /** The note's title when the problem is about no field on screen (or about none). */
  problemTitle: string
  className?: string
  /** For a submit button outside the form (a dialog's footer). */
  id?: string
  'aria-label'?: string
  children: ReactNode
}) {
  const state: FormState = {
    errors: fieldErrors(props.save.error),
    saving: props.save.isPending,
    shown: new Set(),
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    props.onSubmit()
  }
  return (
    <FormContext.Provider value={state}>
      <form
        id={props.id}
        className={props.className ?? 'form'}
        onSubmit={submit}
        aria-label={props['aria-label']}
      >
        {props.children}
        <FormProblem error={props.save.error} title={props.problemTitle} />
      </form>
    </FormContext.Provider>
  )
}

/** The save's problem, unless fields on screen show all of it. Renders after the fields, so they have registered. */
function FormProblem({ error, title }: { error: unknown; title: string }) {
  const { errors, shown } = useFormState()
  if (error === null || error === undefined) return null
  const names = Object.keys(errors)
  if (names.length > 0 && names.every((name) => shown.has(name))) return null
  return <ErrorNote error={error} title={title} />
}

/** A labelled control of the form (a select, a group), registered under `name` for its inline message. */
export function FormField(props: {
  name: string
  label: string
  htmlFor: string
  hint?: ReactNode
  children: ReactNode
}) {
  const { errors, shown } = useFormState()
  shown.add(props.name)
  return (
    <Field label={props.label} htmlFor={props.htmlFor} hint={props.hint} error={errors[props.name]}>
      {props.children}
    </Field>
  )
}

/** A text input (or a textarea with `rows`) registered under `name`; its value is a string. */
export function TextField(props: {
  name: string
  label: string
  id: string
  value: string
  onChange: (value: string) => void
  hint?: ReactNode
  rows?: number
  type?: 'text' | 'number' | 'url'
  mono?: boolean
  placeholder?: string
  required?: boolean
  min?: number
  max?: number
  maxLength?: number
  pattern?: string
  autoComplete?: string
  /** Focused when its dialog opens. */
  autofocus?: boolean
}) {
  const { name, label, id, hint, rows, mono, onChange, autofocus, ...input } = props
  const className = mono ? 'input mono' : 'input'
  return (
    <FormField name={name} label={label} htmlFor={id} hint={hint}>
      {rows ? (
        <textarea
          id={id}
          className={className}
          rows={rows}
          {...input}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          id={id}
          className={className}
          {...(input.type === 'number' && { inputMode: 'numeric' as const })}
          {...(autofocus && { 'data-autofocus': true })}
          {...input}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FormField>
  )
}

/** The form's submit button: disabled and saying `saving` while the save runs (or while `disabled`). */
export function SubmitButton(props: {
  label: string
  saving: string
  icon?: ReactNode
  primary?: boolean
  disabled?: boolean
}) {
  const { saving } = useFormState()
  return (
    <button
      type="submit"
      className={props.primary ? 'button button-primary' : 'button'}
      disabled={saving || props.disabled}
    >
      {props.icon} {saving ? props.saving : props.label}
    </button>
  )
}

/** The API's message about a field that is not a labelled control (a picker), registered under `name`. */
export function FieldMessage({ name }: { name: string }) {
  const { errors, shown } = useFormState()
  shown.add(name)
  return errors[name] ? <p className="field-error">{errors[name]}</p> : null
}

/** A form in a modal dialog, with Cancel and its submit button in the dialog's footer. */
export function FormDialog(props: {
  id: string
  title: string
  description?: ReactNode
  wide?: boolean
  onClose: () => void
  save: SaveState
  onSubmit: () => void
  problemTitle: string
  submitLabel: string
  savingLabel?: string
  /** Whether the form is not ready to send (e.g. nothing picked yet). */
  incomplete?: boolean
  children: ReactNode
}) {
  return (
    <Modal
      open
      {...(props.wide && { wide: true })}
      onClose={props.onClose}
      title={props.title}
      description={props.description}
      footer={
        <>
          <button type="button" className="button" onClick={props.onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form={props.id}
            className="button button-primary"
            disabled={props.incomplete || props.save.isPending}
          >
            {props.save.isPending ? (props.savingLabel ?? 'Saving…') : props.submitLabel}
          </button>
        </>
      }
    >
      <Form id={props.id} save={props.save} onSubmit={props.onSubmit} problemTitle={props.problemTitle}>
        {props.children}
      </Form>
    </Modal>
  )
}
