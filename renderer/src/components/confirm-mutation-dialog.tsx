import type { UseMutationResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Modal } from './dialog'
import { useToast } from './toast'
import { ErrorNote } from './ui'

interface ConfirmMutationDialogProps<R, V> {
  open: boolean
  title: string
  body: ReactNode
  confirmLabel: string
  /** The destructive call the dialog confirms, run with `variables`. */
  mutation: UseMutationResult<R, Error, V>
  variables: V
  /** The toast after success; the dialog then closes. */
  done: string
  doneDetail?: string
  /** Runs after success, once the dialog has closed (a detail view closes over a deleted record). */
  onDone?: () => void
  /** Heads the API's error, shown inside the dialog so the person can retry or cancel. */
  errorTitle: string
  onClose: () => void
}

/**
 * Asks before a destructive call and runs it: the safe choice has focus, the confirm button is
 * disabled while the call runs, success closes with a toast, a failure stays in the dialog.
 */
export function ConfirmMutationDialog<R, V>(props: ConfirmMutationDialogProps<R, V>) {
  const notify = useToast()
  const { mutation } = props
  const close = () => {
    mutation.reset()
    props.onClose()
  }
  const confirm = () =>
    mutation.mutate(props.variables, {
      onSuccess: () => {
        notify(props.done, { detail: props.doneDetail })
        close()
        props.onDone?.()
      },
    })
  return (
    <Modal
      open={props.open}
      onClose={close}
      title={props.title}
      footer={
        <>
          <button type="button" className="button" onClick={close} data-autofocus>
            Cancel
          </button>
          <button
            type="button"
            className="button button-danger"
            onClick={confirm}
            disabled={mutation.isPending}
          >
            {mutation.isPending ? 'Working…' : props.confirmLabel}
          </button>
        </>
      }
    >
      {props.body}
      <ErrorNote error={mutation.error} title={props.errorTitle} />
    </Modal>
  )
}
