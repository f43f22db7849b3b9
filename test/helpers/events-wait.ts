/** `POST /api/events/wait` on a running gateway, with a secret key; `signal` ends the wait early. */
export const waitRequest = (baseUrl: string, key: string, body: unknown, signal?: AbortSignal) =>
  fetch(`${baseUrl}/api/events/wait`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...(signal && { signal }),
  })
