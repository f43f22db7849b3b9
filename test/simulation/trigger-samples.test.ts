import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { problems, webhookValidator } from './github-schemas.js'
import { capturedWebhooks, header } from './helpers.js'

/** `switchyard trigger github …` builds issues, issue_comment and repository with the simulation's builder. */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('triggered GitHub samples', () => {
  it.each([
    'issues.opened',
    'issues.edited',
    'issues.closed',
    'issues.reopened',
    'issue_comment.created',
    'repository.created',
    'issues',
  ])('%s is valid against @octokit/webhooks-schemas', async (type) => {
    const res = await t.req('POST', '/api/events/trigger', {
      key: t.secretKey,
      body: { provider: 'github', type },
    })
    expect(res.status, await res.clone().text()).toBe(201)
    const event = (await res.json()) as { id: string }
    const hook = capturedWebhooks(t.db).find((h) => h.id === event.id)!
    const name = header(hook, 'x-github-event')!
    const validate = webhookValidator(name, String(hook.body.action))
    expect(validate(hook.body), problems(validate).join('\n')).toBe(true)
    expect(header(hook, 'user-agent')).toMatch(/^GitHub-Hookshot\//)
  })
})
