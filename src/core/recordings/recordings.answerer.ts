import type { Answerer } from '../proxy/answerer.js'
import { REDACTED } from '../proxy/redact.js'
import type { RecordingsService } from './recordings.service.js'

/** Answers from the workspace's recordings of the connection's provider (see the matching rule there). */
export function createRecordingsAnswerer(recordings: Pick<RecordingsService, 'match'>): Answerer {
  return {
    name: 'recording',
    answer(call) {
      const found = recordings.match(call.workspaceId, {
        provider: call.connection.provider,
        method: call.method,
        path: call.path,
        query: call.query,
        body: call.body,
      })
      // A 1xx is no final answer (refused at import; an older row is passed over, not sent).
      if (!found || found.status < 200) return undefined
      const headers = (JSON.parse(found.response_headers) as Array<[string, string]>).filter(
        ([, value]) => value !== REDACTED,
      )
      return { status: found.status, headers, body: new Uint8Array(found.response_body), mode: 'replay' }
    },
  }
}
