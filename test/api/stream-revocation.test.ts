import { spawn } from 'node:child_process'
import { describe, expect, it, onTestFinished } from 'vitest'
import { CLI, runCli } from '../helpers/cli.js'
import { setupQuietServer } from '../helpers/server.js'

const gateway = setupQuietServer()

interface SseMessage {
  event: string
  id?: string
  data: string
}

/** A real streaming reader of GET /api/events/stream: SSE messages one by one, comments skipped. */
async function openStream(headers: Record<string, string>) {
  const controller = new AbortController()
  const res = await fetch(`${gateway.server.url}/api/events/stream`, { headers, signal: controller.signal })
  expect(res.status).toBe(200)
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  return {
    /** The next message, or null once the server has ended the stream. */
    async next(): Promise<SseMessage | null> {
      for (;;) {
        const end = buffer.indexOf('\n\n')
        if (end !== -1) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const fields = block.split('\n').filter((l) => !l.startsWith(':') && l.includes(':'))
          if (!fields.some((l) => l.startsWith('data:'))) continue
          const value = (name: string) =>
            fields
              .filter((l) => l.startsWith(`${name}:`))
              .map((l) => l.slice(name.length + 1).replace(/^ /, ''))
              .join('\n')
          return { event: value('event') || 'message', data: value('data'), id: value('id') || undefined }
        }
        const chunk = await reader.read()
        if (chunk.done) return null
        buffer += chunk.value
      }
    },
    close: () => controller.abort(),
  }
}

async function newSecretKey(name: string): Promise<{ id: string; key: string }> {
  const res = await fetch(`${gateway.server.url}/api/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${gateway.server.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, role: 'secret' }),
  })
  expect(res.status).toBe(201)
  return (await res.json()) as { id: string; key: string }
}

const postWebhook = async () => {
  const res = await fetch(`${gateway.server.url}/webhooks/github`, { method: 'POST', body: '{"n":1}' })
  return ((await res.json()) as { id: string }).id
}

describe('an open event stream is bound to its credential', () => {
  it('delivers events while the key is valid', async () => {
    const { key } = await newSecretKey('live')
    const stream = await openStream({ authorization: `Bearer ${key}` })
    const id = await postWebhook()
    expect(await stream.next()).toMatchObject({ event: 'message', id })
    stream.close()
  })

  it('a key revoked through the API ends its stream at once with an api_key_revoked error event', async () => {
    const { id, key } = await newSecretKey('revoked-by-api')
    const stream = await openStream({ authorization: `Bearer ${key}` })
    const revoked = await fetch(`${gateway.server.url}/api/api-keys/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${gateway.server.adminToken}` },
    })
    expect(revoked.status).toBe(204)
    const last = await stream.next()
    expect(last?.event).toBe('error')
    expect(JSON.parse(last!.data)).toMatchObject({ status: 401, code: 'api_key_revoked' })
    expect(await stream.next()).toBeNull()
  })

  it('a key revoked by the CLI in another process ends its stream, and no later event is sent', async () => {
    const { id, key } = await newSecretKey('revoked-by-cli')
    const stream = await openStream({ authorization: `Bearer ${key}` })
    const cli = runCli(['keys', 'revoke', id, '--data', gateway.dataDir])
    expect(cli.code).toBe(0)
    // Captured after the revocation: must never reach the revoked key's stream.
    await postWebhook()
    const last = await stream.next()
    expect(last?.event).toBe('error')
    expect(JSON.parse(last!.data)).toMatchObject({ code: 'api_key_revoked' })
    expect(await stream.next()).toBeNull()
  })

  it('a key revoked with ?access_token= (EventSource) ends its stream too', async () => {
    const { id, key } = await newSecretKey('revoked-query')
    const controller = new AbortController()
    const res = await fetch(`${gateway.server.url}/api/events/stream?access_token=${key}`, {
      signal: controller.signal,
    })
    expect(res.status).toBe(200)
    expect(runCli(['keys', 'revoke', id, '--data', gateway.dataDir]).code).toBe(0)
    const text = await res.text()
    expect(text).toMatch(/event: error\ndata: \{[^\n]*"code":"api_key_revoked"/)
  })
})

describe('the admin token stream and a reset of the data folder', () => {
  it('ends once `switchyard reset` (another process) replaces the workspace it followed', async () => {
    const stream = await openStream({ authorization: `Bearer ${gateway.server.adminToken}` })
    const id = await postWebhook()
    expect(await stream.next()).toMatchObject({ id })
    const reset = runCli(['reset', '--yes', '--data', gateway.dataDir])
    expect(reset.code).toBe(0)
    const last = await stream.next()
    expect(last?.event).toBe('error')
    expect(JSON.parse(last!.data)).toMatchObject({ status: 401, code: 'unauthorized', detail: /reset/ })
    expect(await stream.next()).toBeNull()
    // The same token follows the new workspace on reconnect.
    const again = await openStream({ authorization: `Bearer ${gateway.server.adminToken}` })
    const next = await postWebhook()
    expect(await again.next()).toMatchObject({ id: next })
    again.close()
  })
})

describe('switchyard events tail', () => {
  it('stops with the reason when its key is revoked', async () => {
    const { id, key } = await newSecretKey('tail')
    const tail = spawn(process.execPath, [CLI, 'events', 'tail', '--url', gateway.server.url, '--key', key], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    onTestFinished(() => {
      if (tail.exitCode === null) tail.kill()
    })
    let stderr = ''
    tail.stderr.on('data', (d) => {
      stderr += d
    })
    await new Promise<void>((resolve) => {
      const check = () => {
        if (!stderr.includes('Streaming events')) return
        tail.stderr.off('data', check)
        resolve()
      }
      tail.stderr.on('data', check)
    })
    expect(runCli(['keys', 'revoke', id, '--data', gateway.dataDir]).code).toBe(0)
    const code = await new Promise<number | null>((resolve) => tail.once('exit', resolve))
    expect(code).toBe(1)
    expect(stderr).toMatch(/switchyard events: 401: The API key '[^']+' was revoked/)
  })
})
