/** One field problem of a problem+json response. */
export interface FieldProblem {
  pointer: string
  detail: string
}

/** An RFC 9457 problem answered by the gateway, or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly detail: string
  readonly errors: FieldProblem[]

  constructor(status: number, code: string, detail: string, errors: FieldProblem[] = []) {
    super(detail)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.detail = detail
    this.errors = errors
  }
}

export interface SearchPage<T> {
  data: T[]
  has_more: boolean
  next_cursor?: string
  limit: number
}

export interface SearchRequest {
  filter?: Record<string, Record<string, unknown>>
  sort?: Array<{ field: string; direction?: 'asc' | 'desc' }>
  query?: string
  cursor?: string
  limit?: number
  fields?: string[]
}

export interface ApiClient {
  baseUrl: string
  request<T>(method: string, path: string, body?: unknown, init?: { signal?: AbortSignal }): Promise<T>
  /** The raw response, for bodies that are not JSON (event bodies, exports). */
  raw(path: string, init?: { signal?: AbortSignal }): Promise<Response>
  search<T>(resource: string, body?: SearchRequest): Promise<SearchPage<T>>
  headers(): Record<string, string>
}

async function toError(res: Response): Promise<ApiError> {
  const text = await res.text()
  try {
    const problem = JSON.parse(text) as {
      code?: string
      detail?: string
      title?: string
      errors?: FieldProblem[]
    }
    return new ApiError(
      res.status,
      problem.code ?? 'http_error',
      problem.detail ?? problem.title ?? `HTTP ${res.status}`,
      problem.errors ?? [],
    )
  } catch {
    return new ApiError(res.status, 'http_error', text.slice(0, 200) || `HTTP ${res.status}`)
  }
}

/** A small fetch client: the admin token as Bearer, the workspace header, problem+json errors. */
export function createApiClient(options: {
  baseUrl: string
  token: string
  workspace: () => string
  onUnauthorized?: () => void
}): ApiClient {
  const base = options.baseUrl.replace(/\/$/, '')
  const headers = () => ({
    authorization: `Bearer ${options.token}`,
    'switchyard-workspace': options.workspace(),
  })
  const send = async (path: string, init: RequestInit) => {
    let res: Response
    try {
      res = await fetch(`${base}${path}`, init)
    } catch {
      throw new ApiError(0, 'network_error', 'The gateway is not reachable. Is `switchyard serve` running?')
    }
    if (res.status === 401 && options.onUnauthorized) options.onUnauthorized()
    if (!res.ok) throw await toError(res)
    return res
  }
  const client: ApiClient = {
    baseUrl: base,
    headers,
    async request<T>(method: string, path: string, body?: unknown, init: { signal?: AbortSignal } = {}) {
      const res = await send(path, {
        method,
        headers: { ...headers(), ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        ...(init.signal && { signal: init.signal }),
      })
      if (res.status === 204) return undefined as T
      const type = res.headers.get('content-type') ?? ''
      return (type.includes('json') ? await res.json() : await res.text()) as T
    },
    raw: (path, init = {}) => send(path, { headers: headers(), ...(init.signal && { signal: init.signal }) }),
    search: <T>(resource: string, body: SearchRequest = {}) =>
      client.request<SearchPage<T>>('POST', `/api/${resource}/search`, body),
  }
  return client
}
