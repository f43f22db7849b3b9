/**
 * A named parameter written so the query planner cannot see its value: `+@name` (a positional one
 * is written `+?` for the same reason).
 *
 * SQLite (3.54, as better-sqlite3 builds it) reads a bound value while planning some statements:
 * a LIMIT, a LIKE pattern, the partial-index checks, a `column = @value` in a query with an
 * ORDER BY or a join. It then marks the plan stale whenever that parameter is bound again, for
 * text even to the same value, and better-sqlite3 binds on every run: each run parsed and planned
 * the whole statement again. Unary plus returns any value unchanged, but the planner does not look
 * through it. The plans stay the same, since nothing in them depended on the value (the gateway
 * never runs ANALYZE). What it saves is in `bench/RESULTS.md` (API requests, simulated providers).
 */
export const opaque = (name: string): string => `+@${name}`
