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

export function parseRequest(query: string, variables: Record<string, unknown>): Parsed | GraphQLError {
  let doc: ReturnType<typeof parse>
  try {
    doc = parse(query)
  } catch (err) {
    return err instanceof GraphQLError ? err : new GraphQLError(String(err))
  }
  const fragments = new Map<string, FragmentDefinitionNode>()
  let operation: OperationDefinitionNode | undefined
  for (const def of doc.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def)
    else if (def.kind === Kind.OPERATION_DEFINITION) operation ??= def
  }
  if (!operation) return new GraphQLError('Must provide an operation.')
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
