import { useEffect } from 'react'
import { useToast } from '../components/toast'
import { setParam, useLocation } from './router'

/**
 * Back from a connect or install flow: its callback appended `<idParam>` (or `error`, with
 * `error_description`) to the redirect_url that pointed here. Says how it went, selects the new
 * record, and takes the flow's parameters off the address.
 */
export function useFlowReturn(idParam: string, messages: { done: string; failed: string }) {
  const { params } = useLocation()
  const notify = useToast()
  const returned = params.get(idParam)
  const failed = params.get('error')
  useEffect(() => {
    if (returned) {
      notify(messages.done, { detail: returned })
      setParam(idParam, undefined, { replace: true })
      setParam('id', returned, { replace: true })
    } else if (failed) {
      notify(messages.failed, { tone: 'error', detail: params.get('error_description') ?? failed })
      setParam('error', undefined, { replace: true })
      setParam('error_description', undefined, { replace: true })
    }
  }, [idParam, returned, failed, notify, params, messages.done, messages.failed])
}
