import { describe, expect, it } from 'vitest'
import { oneLine, terminalSafe } from '../../src/cli/terminal-text.js'
import { startReceiver } from '../helpers/api/webhooks-helpers.js'
import { run } from '../helpers/cli/events-helpers.js'
import { runCli } from '../helpers/cli.js'
import { setupQuietServer } from '../helpers/server.js'

/** Characters a terminal acts on: C0 but newline and tab, DEL, C1, bidi overrides and isolates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

/** A hostile value: retitles the terminal, clears it, CSI by C1, carriage return, bidi override. */
const HOSTILE = '\u001b]0;pwned\u0007\u001b[2J\u009b31m\rsignature valid\u202eevil\u2066x\u007f'
/** A webhook `type` that also tries to print a line of its own. */
const HOSTILE_TYPE = `${HOSTILE}\n12:00:00  evt_fake  webhook.received  stripe  -  valid`

describe('terminalSafe', () => {
  it('turns every control, C1 and bidi character into a visible \\uXXXX', () => {
    const safe = terminalSafe(HOSTILE)
    expect(safe).not.toMatch(UNSAFE)
    expect(safe).toBe(
      '\\u001b]0;pwned\\u0007\\u001b[2J\\u009b31m\\u000dsignature valid\\u202eevil\\u2066x\\u007f',
    )
  })

  it('keeps newlines and tabs of the text itself, and plain Unicode', () => {
    expect(terminalSafe('a\n\tb é 漢字 🙂')).toBe('a\n\tb é 漢字 🙂')
  })

  it('oneLine also escapes newlines and tabs, so a value cannot start a line', () => {
    expect(oneLine('push\n12:00:00  evt_x  valid\t!')).toBe('push\\n12:00:00  evt_x  valid\\t!')
  })

  it('escapes JSON text into the same JSON (DEL, C1 and bidi are left raw by JSON.stringify)', () => {
    const value = { type: HOSTILE }
    const line = terminalSafe(JSON.stringify(value))
    expect(line).not.toMatch(UNSAFE)
    expect(JSON.parse(line)).toEqual(value)
  })
})

describe('the switchyard command prints no terminal controls', () => {
  const gateway = setupQuietServer()

  const capture = () =>
    fetch(`${gateway.server.url}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: HOSTILE_TYPE, id: 'evt_1' }),
    })

  it.each([
    ['human', []],
    ['--json', ['--json']],
  ])('events tail (%s) escapes what a webhook sent', async (_mode, extra) => {
    const tail = run([
      'events',
      'tail',
      '--url',
      gateway.server.url,
      '--key',
      gateway.key,
      '--count',
      '1',
      ...extra,
    ])
    await tail.waitFor(/Streaming events/, 'stderr')
    expect((await capture()).status).toBe(200)
    const res = await tail.done
    expect(res.code).toBe(0)
    expect(res.stdout.trim().split('\n')).toHaveLength(1)
    expect(res.stdout).toContain('stripe')
    expect(res.stdout).not.toMatch(UNSAFE)
    expect(res.stderr).not.toMatch(UNSAFE)
    if (extra.length) expect(JSON.parse(res.stdout).provider).toBe('stripe')
  })

  it('listen prints one line per forwarded webhook, escaped', async () => {
    const receiver = await startReceiver()
    const listen = run([
      'listen',
      '--forward-to',
      `${receiver.url}/hooks`,
      '--url',
      gateway.server.url,
      '--key',
      gateway.key,
    ])
    try {
      await listen.waitFor(/Forwarding captured webhooks/, 'stderr')
      expect((await capture()).status).toBe(200)
      const out = await listen.waitFor(/→ 200/)
      expect(out.trim().split('\n')).toHaveLength(1)
      // The capture already strips control characters from the event type (the CLI escapes what
      // is left, e.g. in rows stored before that rule): the text stays, the controls do not.
      expect(out).toContain(']0;pwned')
      expect(out).not.toMatch(UNSAFE)
    } finally {
      await listen.stop()
      await receiver.close()
    }
  })

  it('keys list escapes a name stored before names were checked', () => {
    // An old row: names with control characters are refused today (see test/api/name-fields.test.ts).
    gateway.server.core.db.prepare("UPDATE api_keys SET name = ? WHERE role = 'publishable'").run(HOSTILE)
    const res = runCli(['keys', 'list', '--data', gateway.dataDir])
    expect(res.code).toBe(0)
    expect(res.stdout).toContain('\\u001b]0;pwned')
    expect(res.stdout).not.toMatch(UNSAFE)
    const json = runCli(['keys', 'list', '--json', '--data', gateway.dataDir])
    expect(json.stdout).not.toMatch(UNSAFE)
    expect(JSON.parse(json.stdout).data.map((k: { name: string }) => k.name)).toContain(HOSTILE)
  })

  it('an error detail that echoes input is escaped too', () => {
    const res = runCli(['keys', 'list', '--workspace', `nope${HOSTILE}`, '--data', gateway.dataDir])
    expect(res.code).not.toBe(0)
    expect(res.stderr).toContain('nope\\u001b')
    expect(res.stderr).not.toMatch(UNSAFE)
  })
})
