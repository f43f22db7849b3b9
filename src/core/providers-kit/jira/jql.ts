import { STATUSES, type StoredIssue } from './state.js'

/**
 * The JQL the simulated Jira understands: `field = value` clauses joined by AND, on `project`
 * (key, id or name), `status` (name or id) and `assignee` (account id, `currentUser()`, `EMPTY`),
 * then an optional `ORDER BY created ASC|DESC`. Anything else is refused with the message Jira
 * would give, or one that says the simulation does not support it.
 */
export interface JqlQuery {
  matches(issue: StoredIssue): boolean
  order: 'ASC' | 'DESC'
}

export interface JqlScope {
  project: { id: string; key: string; name: string }
  viewerId: string
  userIds: readonly string[]
}

const TOKEN = /\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|(!=|<=|>=|!~|[=~<>(),])|([^\s=!~(),<>"']+))/y

type Token = { text: string; quoted: boolean }

function tokenize(jql: string): Token[] | string {
  const tokens: Token[] = []
  TOKEN.lastIndex = 0
  while (TOKEN.lastIndex < jql.length) {
    if (!jql.slice(TOKEN.lastIndex).trim()) break
    const at = TOKEN.lastIndex
    const m = TOKEN.exec(jql)
    if (!m)
      return `Error in the JQL Query: The character '${jql[at]}' is a reserved JQL character (at character ${at + 1}).`
    const quoted = m[1] ?? m[2]
    tokens.push(
      quoted !== undefined
        ? { text: quoted.replace(/\\(.)/g, '$1'), quoted: true }
        : { text: (m[3] ?? m[4])!, quoted: false },
    )
  }
  return tokens
}

const word = (t: Token | undefined, w: string) => !!t && !t.quoted && t.text.toLowerCase() === w

const valueMissing = (value: string, field: string) =>
  `The value '${value}' does not exist for the field '${field}'.`

export function parseJql(jql: string, scope: JqlScope): JqlQuery | string {
  const tokens = tokenize(jql)
  if (typeof tokens === 'string') return tokens
  const tests: Array<(i: StoredIssue) => boolean> = []
  let at = 0
  let order: 'ASC' | 'DESC' = 'DESC'
  while (at < tokens.length && !word(tokens[at], 'order')) {
    if (tests.length > 0) {
      if (word(tokens[at], 'or'))
        return "Error in the JQL Query: 'OR' is not supported by the simulated Jira (clauses are joined by AND)."
      if (!word(tokens[at], 'and'))
        return `Error in the JQL Query: Expecting either 'OR' or 'AND' but got '${tokens[at]!.text}'.`
      at++
    }
    const field = tokens[at++]
    const op = tokens[at++]
    let value = tokens[at++]
    if (!field || field.quoted) return 'Error in the JQL Query: Expecting a field name.'
    const name = field.text.toLowerCase()
    if (!['project', 'status', 'assignee'].includes(name))
      return `Field '${field.text}' does not exist or you do not have permission to view it.`
    if (op?.text !== '=')
      return `Error in the JQL Query: the simulated Jira supports only the '=' operator (got '${op?.text ?? 'nothing'}').`
    if (!value) return `Error in the JQL Query: Expecting a value for the field '${name}'.`
    if (word(value, 'currentuser') && tokens[at]?.text === '(' && tokens[at + 1]?.text === ')') {
      at += 2
      value = { text: 'currentUser()', quoted: false }
    }
    const v = value.text
    if (name === 'project') {
      const p = scope.project
      if (![p.key.toLowerCase(), p.id, p.name.toLowerCase()].includes(v.toLowerCase()))
        return valueMissing(v, 'project')
      tests.push(() => true)
    } else if (name === 'status') {
      const s = STATUSES.find((x) => x.name.toLowerCase() === v.toLowerCase() || x.id === v)
      if (!s) return valueMissing(v, 'status')
      tests.push((i) => i.statusId === s.id)
    } else if (!value.quoted && ['empty', 'null'].includes(v.toLowerCase())) {
      tests.push((i) => i.assigneeId === null)
    } else {
      const id = v === 'currentUser()' ? scope.viewerId : v
      if (!scope.userIds.includes(id)) return valueMissing(v, 'assignee')
      tests.push((i) => i.assigneeId === id)
    }
  }
  if (at < tokens.length) {
    if (!word(tokens[at + 1], 'by')) return "Error in the JQL Query: Expecting 'BY' after 'ORDER'."
    const field = tokens[at + 2]
    if (!word(field, 'created'))
      return `Error in the JQL Query: the simulated Jira orders only by 'created' (got '${field?.text ?? 'nothing'}').`
    const dir = tokens[at + 3]
    if (dir && !word(dir, 'asc') && !word(dir, 'desc'))
      return `Error in the JQL Query: Expecting 'ASC' or 'DESC' but got '${dir.text}'.`
    if (tokens.length > at + 4)
      return `Error in the JQL Query: Unexpected '${tokens[at + 4]!.text}' after the ORDER BY clause.`
    order = dir && word(dir, 'asc') ? 'ASC' : 'DESC'
  }
  if (tests.length === 0)
    return 'Unbounded JQL queries are not allowed here. Please add a search restriction to your query.'
  return { matches: (i) => tests.every((t) => t(i)), order }
}
