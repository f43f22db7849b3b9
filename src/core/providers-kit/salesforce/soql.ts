/**
 * The subset of SOQL the simulated org answers: `SELECT f, … FROM Object [WHERE f op literal
 * [AND …]] [ORDER BY f [ASC|DESC] [NULLS FIRST|LAST], …] [LIMIT n] [OFFSET n]`, with string, number,
 * date, boolean and null literals and the operators `= != <> < <= > >= LIKE`. Names are checked
 * against the object by the caller (query.ts); this file only reads the text.
 */
export type Literal =
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'date'; value: string }
  | { kind: 'null' }

export interface Named {
  name: string
  /** Where the name starts in the query (0-based), for Salesforce's `Row:1:Column:N` messages. */
  at: number
}

export interface Condition {
  field: Named
  op: '=' | '!=' | '<' | '<=' | '>' | '>=' | 'LIKE'
  value: Literal
}

export interface SoqlQuery {
  fields: Named[]
  from: Named
  where: Condition[]
  orderBy: Array<{ field: Named; desc: boolean; nullsFirst: boolean }>
  limit?: number
  offset?: number
}

/** A query Salesforce would refuse as `MALFORMED_QUERY`, and where. */
export class SoqlSyntaxError extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message)
  }
}

interface Token {
  kind: 'word' | 'string' | 'number' | 'date' | 'op' | 'comma' | 'end'
  text: string
  at: number
}

const PATTERNS: Array<[Token['kind'], RegExp]> = [
  ['date', /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2}))?/],
  ['number', /^-?\d+(?:\.\d+)?/],
  ['word', /^[A-Za-z_][A-Za-z0-9_.]*/],
  ['string', /^'(?:[^'\\]|\\.)*'/],
  ['op', /^(?:!=|<>|<=|>=|=|<|>)/],
  ['comma', /^,/],
]

function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  let at = 0
  while (at < text.length) {
    const rest = text.slice(at)
    const space = /^\s+/.exec(rest)
    if (space) {
      at += space[0].length
      continue
    }
    const hit = PATTERNS.map(([kind, re]) => [kind, re.exec(rest)?.[0]] as const).find(([, m]) => m)
    if (!hit?.[1]) throw new SoqlSyntaxError(`unexpected token: '${rest[0]}'`, at)
    tokens.push({ kind: hit[0], text: hit[1], at })
    at += hit[1].length
  }
  tokens.push({ kind: 'end', text: '<EOF>', at })
  return tokens
}

const unquoted = (quoted: string) =>
  quoted.slice(1, -1).replace(/\\(.)/g, (_, c: string) => ({ n: '\n', t: '\t', r: '\r' })[c] ?? c)

/** Reads a SOQL query of the supported subset; throws SoqlSyntaxError. */
export function parseSoql(text: string): SoqlQuery {
  const tokens = tokenize(text)
  let i = 0
  const peek = () => tokens[i]!
  const isWord = (w: string) => peek().kind === 'word' && peek().text.toUpperCase() === w
  const unexpected = (): never => {
    throw new SoqlSyntaxError(`unexpected token: '${peek().text}'`, peek().at)
  }
  const expectWord = (w: string) => (isWord(w) ? tokens[i++]! : unexpected())
  const name = (): Named => {
    const t = peek()
    if (t.kind !== 'word') unexpected()
    i++
    return { name: t.text, at: t.at }
  }
  const integer = () => {
    const t = peek()
    if (t.kind !== 'number' || !/^\d+$/.test(t.text)) unexpected()
    i++
    return Number(t.text)
  }
  const literal = (): Literal => {
    const t = tokens[i++]!
    if (t.kind === 'string') return { kind: 'string', value: unquoted(t.text) }
    if (t.kind === 'number') return { kind: 'number', value: Number(t.text) }
    if (t.kind === 'date') return { kind: 'date', value: t.text }
    const word = t.kind === 'word' ? t.text.toLowerCase() : ''
    if (word === 'true' || word === 'false') return { kind: 'boolean', value: word === 'true' }
    if (word === 'null') return { kind: 'null' }
    i--
    return unexpected()
  }

  expectWord('SELECT')
  const fields = [name()]
  while (peek().kind === 'comma') {
    i++
    fields.push(name())
  }
  expectWord('FROM')
  const query: SoqlQuery = { fields, from: name(), where: [], orderBy: [] }
  if (isWord('WHERE')) {
    do {
      i++
      const field = name()
      let op: Condition['op']
      if (isWord('LIKE')) op = 'LIKE'
      else if (peek().kind === 'op') op = peek().text === '<>' ? '!=' : (peek().text as Condition['op'])
      else return unexpected()
      i++
      query.where.push({ field, op, value: literal() })
    } while (isWord('AND'))
  }
  if (isWord('ORDER')) {
    i++
    expectWord('BY')
    do {
      if (query.orderBy.length > 0) i++
      const field = name()
      const desc = isWord('DESC')
      if (desc || isWord('ASC')) i++
      let nullsFirst = !desc
      if (isWord('NULLS')) {
        i++
        nullsFirst = isWord('FIRST')
        if (!nullsFirst) expectWord('LAST')
        else i++
      }
      query.orderBy.push({ field, desc, nullsFirst })
    } while (peek().kind === 'comma')
  }
  if (isWord('LIMIT')) {
    i++
    query.limit = integer()
  }
  if (isWord('OFFSET')) {
    i++
    query.offset = integer()
  }
  if (peek().kind !== 'end') unexpected()
  return query
}
