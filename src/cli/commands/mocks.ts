import { readFileSync } from 'node:fs'
import { z } from 'zod'
import type { Core } from '../../core/core.js'
import { AppError, pointerOf } from '../../core/errors.js'
import { CreateMockRouteSchema, type MockRoute } from '../../core/mock-routes/mock-routes.schema.js'
import { DEFAULT_WORKSPACE } from '../../core/workspaces/workspaces.service.js'
import { intArg, parseCommand, splitSubcommand, UsageError } from '../args.js'
import { emit, type Io, resolveDataDir, table, withCore } from '../context.js'

export const MOCKS_USAGE = `Usage:
  switchyard mocks add PROVIDER METHOD PATH [--status N] [--header 'Name: value']... [--body TEXT | --body-file FILE]
                       [--description TEXT] [--disabled] [--workspace W] [--json] [--data DIR]
  switchyard mocks list [--provider P] [--workspace W] [--json] [--data DIR]
  switchyard mocks show ID [--workspace W] [--json] [--data DIR]
  switchyard mocks rm ID [--workspace W] [--json] [--data DIR]
METHOD is GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS or * (any). PATH is a pattern: /v1/customers/:id,
/v1/files/* (a trailing * takes the rest). The body is a template: {{params.id}}, {{query.limit}},
{{headers.x-foo}}, {{body.email}}, {{json body.items}}, {{now}}, {{timestamp}}, {{uuid}}.
Mock routes answer a simulated connection's proxied calls before the built-in simulation and recordings.
Works on the data folder directly, whether or not the gateway is running.`

const Options = z.object({
  data: z.string().optional(),
  json: z.boolean(),
  workspace: z.string().default(DEFAULT_WORKSPACE),
  provider: z.string().optional(),
  status: intArg(0, 999).optional(),
  header: z.array(z.string()).default([]),
  body: z.string().optional(),
  'body-file': z.string().optional(),
  description: z.string().optional(),
  disabled: z.boolean(),
})

const row = (r: MockRoute) => ({
  id: r.id,
  provider: r.provider,
  method: r.method,
  path: r.path,
  status: String(r.status),
  enabled: r.enabled ? 'yes' : 'no',
  description: r.description ?? '',
})

/** `Name: value` pairs into the headers object (the schema then checks names and values). */
function headersOf(pairs: string[]): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const pair of pairs) {
    const colon = pair.indexOf(':')
    if (colon <= 0) throw new UsageError(`--header '${pair}' is not 'Name: value'`, MOCKS_USAGE)
    headers[pair.slice(0, colon).trim()] = pair.slice(colon + 1).trim()
  }
  return headers
}

/** `switchyard mocks add|list|show|rm`. */
export function mocksCommand(argv: string[], io: Io): void {
  const [sub, rest] = splitSubcommand(argv, 'mocks', MOCKS_USAGE)
  const { values, positionals } = parseCommand(
    rest,
    {
      workspace: { type: 'string' },
      provider: { type: 'string' },
      status: { type: 'string' },
      header: { type: 'string', multiple: true },
      body: { type: 'string' },
      'body-file': { type: 'string' },
      description: { type: 'string' },
      disabled: { type: 'boolean', default: false },
    },
    Options,
    MOCKS_USAGE,
  )
  const dataDir = resolveDataDir(values.data, io.env)
  const run = <T>(work: (mocks: Core['mockRoutes'], workspaceId: string) => T) =>
    withCore(dataDir, io, (core) => work(core.mockRoutes, core.workspaces.get(values.workspace).id))
  const one = (what: string) => {
    const [id, ...extra] = positionals
    if (!id || extra.length) throw new UsageError(`${what} takes one mock route id (mock_…)`, MOCKS_USAGE)
    return id
  }
  switch (sub) {
    case 'add': {
      const [provider, method, path, ...extra] = positionals
      if (!provider || !method || !path || extra.length) {
        throw new UsageError('add takes a provider, a method and a path pattern', MOCKS_USAGE)
      }
      if (values.body !== undefined && values['body-file'] !== undefined) {
        throw new UsageError('give --body or --body-file, not both', MOCKS_USAGE)
      }
      const body = values['body-file'] !== undefined ? readFileSync(values['body-file'], 'utf8') : values.body
      const parsed = CreateMockRouteSchema.safeParse({
        provider,
        method: method.toUpperCase(),
        path,
        headers: headersOf(values.header),
        enabled: !values.disabled,
        ...(values.status !== undefined && { status: values.status }),
        ...(body !== undefined && { body }),
        ...(values.description !== undefined && { description: values.description }),
      })
      if (!parsed.success) {
        const errors = parsed.error.issues.map((i) => ({ pointer: pointerOf(i.path), detail: i.message }))
        const first = errors[0]!
        throw new AppError('invalid_request', `Invalid mock route: ${first.pointer || '/'} ${first.detail}`, {
          errors,
        })
      }
      const route = run((mocks, workspaceId) => mocks.create(workspaceId, parsed.data))
      emit(io, values.json, route, () => [
        `Added ${route.id}: ${route.provider} ${route.method} ${route.path} → ${route.status}.`,
      ])
      return
    }
    case 'list': {
      if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`, MOCKS_USAGE)
      const data = run((mocks, workspaceId) => mocks.list(workspaceId, values.provider))
      emit(io, values.json, { data }, () =>
        table(data.map(row), ['id', 'provider', 'method', 'path', 'status', 'enabled', 'description']),
      )
      return
    }
    case 'show': {
      const id = one('show')
      const route = run((mocks, workspaceId) => mocks.get(workspaceId, id))
      emit(io, values.json, route, () => [
        `${route.id}  ${route.provider} ${route.method} ${route.path} → ${route.status}${route.enabled ? '' : ' (disabled)'}`,
        ...(route.description ? [`  ${route.description}`] : []),
        ...Object.entries(route.headers).map(([name, value]) => `${name}: ${value}`),
        '',
        ...route.body.split('\n'),
      ])
      return
    }
    case 'rm': {
      const id = one('rm')
      run((mocks, workspaceId) => mocks.remove(workspaceId, id))
      emit(io, values.json, { deleted: id }, () => [`Deleted ${id}.`])
      return
    }
    default:
      throw new UsageError(`unknown mocks command '${sub}'`, MOCKS_USAGE)
  }
}
