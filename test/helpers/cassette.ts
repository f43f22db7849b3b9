/** One cassette entry for `POST /api/recordings/import`: a GET of `path` answered as given. */
export const cassetteEntry = (
  provider: string,
  path: string,
  response: { status?: number; headers?: Array<[string, string]>; body?: string },
  method = 'GET',
) => ({
  provider,
  recorded_at: '2026-01-01T00:00:00.000Z',
  duration_ms: 1,
  request: { method, path, query: '', headers: [], body: '', body_encoding: 'utf8' },
  response: {
    status: response.status ?? 200,
    headers: response.headers ?? [],
    body: response.body ?? '',
    body_encoding: 'utf8',
  },
})
