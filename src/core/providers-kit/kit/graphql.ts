import {
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type OperationDefinitionNode,
  parse,
  type SelectionSetNode,
  valueFromASTUntyped,
} from 'graphql'

/**
 * A small GraphQL executor over plain values: a field is the value's property of that name (a
 * function is called with the field's arguments), anything the value lacks is `null`, and
 * `__typename` is the value's own. This answers every field an SDK's fragment or a client's query
 * selects (Linear, Shopify) without a copy of the provider's schema.
 */
export type Resolved = unknown
export type FieldFn = (args: Record<string, unknown>) => Resolved

export class UserFacingError extends Error {
  constructor(
    message: string,
    readonly type: string,
    readonly code: string,
  ) {
    super(message)
  }
}

export interface Parsed {
  operation: OperationDefinitionNode
  fragments: Map<string, FragmentDefinitionNode>
  variables: Record<string, unknown>
}

/**
 * What one query may ask of a simulation: its tokens (what the parser reads) and its fields once
 * fragments are spread in. Both bound a request's work by its size: without them a fragment that
 * spreads another twice, nested, doubles the fields at each level, and one that spreads itself
 * never ends. A real SDK's largest query is a few thousand tokens.
 */
export const MAX_TOKENS = 15_000
const MAX_FIELDS = 20_000

/** The document, parsed within MAX_TOKENS (a GraphQLError past it). */
export function parseBounded(query: string): ReturnType<typeof parse> | GraphQLError {
  try {
    return parse(query, { maxTokens: MAX_TOKENS })
  } catch (err) {
    return err instanceof GraphQLError ? err : new GraphQLError(String(err))
  }
}

const VISITING = -1

/** The operation's field count with fragments spread in, refused past MAX_FIELDS or on a fragment cycle. */
function checkSize(
  set: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
): GraphQLError | undefined {
  const sizes = new Map<string, number>()
  const sizeOf = (selections: SelectionSetNode): number => {
    let n = 0
    for (const s of selections.selections) {
      if (s.kind === Kind.FIELD) n += 1 + (s.selectionSet ? sizeOf(s.selectionSet) : 0)
      else if (s.kind === Kind.INLINE_FRAGMENT) n += sizeOf(s.selectionSet)
      else {
        const name = s.name.value
        if (sizes.get(name) === VISITING)
          throw new GraphQLError(`Cannot spread fragment "${name}" within itself.`)
        if (!sizes.has(name)) {
          const fragment = fragments.get(name)
          sizes.set(name, VISITING)
          sizes.set(name, fragment ? sizeOf(fragment.selectionSet) : 0)
        }
        n += sizes.get(name)!
      }
      if (n > MAX_FIELDS)
        throw new GraphQLError(
          `Query is too large: it selects more than ${MAX_FIELDS} fields with its fragments spread in.`,
        )
    }
    return n
  }
  try {
    sizeOf(set)
    return undefined
  } catch (err) {
    if (err instanceof GraphQLError) return err
    throw err
  }
}

export function parseRequest(query: string, variables: Record<string, unknown>): Parsed | GraphQLError {
  const doc = parseBounded(query)
  if (doc instanceof GraphQLError) return doc
  const fragments = new Map<string, FragmentDefinitionNode>()
  let operation: OperationDefinitionNode | undefined
  for (const def of doc.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def)
    else if (def.kind === Kind.OPERATION_DEFINITION) operation ??= def
  }
  if (!operation) return new GraphQLError('Must provide an operation.')
  const tooLarge = checkSize(operation.selectionSet, fragments)
  if (tooLarge) return tooLarge
  return { operation, fragments, variables }
}

/** The fields of a selection set, fragments spread in (type conditions are not checked). */
export function fieldsOf(set: SelectionSetNode, parsed: Parsed): FieldNode[] {
  return set.selections.flatMap((s): FieldNode[] => {
    if (s.kind === Kind.FIELD) return [s]
    if (s.kind === Kind.INLINE_FRAGMENT) return fieldsOf(s.selectionSet, parsed)
    const fragment = parsed.fragments.get(s.name.value)
    return fragment ? fieldsOf(fragment.selectionSet, parsed) : []
  })
}

export const argsOf = (field: FieldNode, parsed: Parsed): Record<string, unknown> =>
  Object.fromEntries(
    (field.arguments ?? []).map((a) => [a.name.value, valueFromASTUntyped(a.value, parsed.variables)]),
  )

/** Resolves one selection set on a value (arrays element by element). */
export function resolve(value: Resolved, set: SelectionSetNode | undefined, parsed: Parsed): Resolved {
  if (value === undefined || value === null) return null
  if (Array.isArray(value)) return value.map((v) => resolve(v, set, parsed))
  if (!set || typeof value !== 'object') return value
  const record = value as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const field of fieldsOf(set, parsed)) {
    const key = field.alias?.value ?? field.name.value
    if (key in out) continue
    const raw = record[field.name.value]
    const got = typeof raw === 'function' ? (raw as FieldFn)(argsOf(field, parsed)) : raw
    out[key] = resolve(got, field.selectionSet, parsed)
  }
  return out
}

/** The operation's root fields, each resolved on the root; a user-facing error stops the rest. */
export function execute(
  root: Record<string, unknown>,
  parsed: Parsed,
): { data: Record<string, unknown> | null; error?: { error: UserFacingError; path: string } } {
  const data: Record<string, unknown> = {}
  for (const field of fieldsOf(parsed.operation.selectionSet, parsed)) {
    const key = field.alias?.value ?? field.name.value
    try {
      const raw = root[field.name.value]
      const got = typeof raw === 'function' ? (raw as FieldFn)(argsOf(field, parsed)) : raw
      data[key] = resolve(got, field.selectionSet, parsed)
    } catch (err) {
      if (err instanceof UserFacingError) return { data: null, error: { error: err, path: key } }
      throw err
    }
  }
  return { data }
}
