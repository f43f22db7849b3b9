// The simulated GitHub's cost: throughput of a page of 30 issues through `/proxy` (a simulated
// connection, answered from SQLite by the built-in simulation), the same for a list page of each
// other simulated provider (Stripe, Notion, Jira, …), and the latency from creating an
// issue to its `issues` webhook being captured (seen on the live event stream).
// The gateway (`switchyard serve`) runs in its own process.
import { rmSync } from 'node:fs'
import { tokenStyleOf } from '../src/core/simulator/token-styles.js'
import { autocannon, byAmount, prepareDataFolder, start, stop } from './harness.js'
import { percentile, writeSection } from './results.mjs'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CREATES = Number(process.env.BENCH_CREATES ?? 300)
const GITHUB_CALLS = 4_500

const { dir: data, db, core, key, workspaceId: ws } = prepareDataFolder('simulation')
let gateway: Awaited<ReturnType<typeof start>> | undefined
try {
  // Simulated connections with tokens the simulator issued: GitHub with a repository of 60 issues,
  // Stripe with 60 customers.
  core.providerConfigs.create(ws, { provider: 'github', webhook_secret: 'bench-secret' })
  const simulated = (provider: string, scopes: string[]) => {
    const style = tokenStyleOf(provider)
    const tokens = { access_token: style.access(), refresh_token: style.refresh(), token_type: 'bearer' }
    core.simulation.ledger.issued({
      workspaceId: ws,
      provider,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      expiresIn: 86_400,
    })
    return core.connections.create(ws, {
      provider,
      provider_config_id: null,
      tenant_id: 'bench',
      mode: 'simulated',
      params: {},
      requested_scopes: scopes,
      tokens: { ...tokens, expires_in: 86_400 },
      session_id: 'bench',
    })
  }
  const connection = simulated('github', ['repo'])
  const stripeConnection = simulated('stripe', ['read_write'])
  core.simulation.seed(
    ws,
    stripeConnection.id,
    Array.from({ length: 60 }, (_, i) => ({
      method: 'POST',
      path: '/v1/customers',
      body: { name: `Customer ${i}`, email: `c${i}@example.com`, metadata: { plan: 'pro' } },
    })),
  )
  const shopifyConnection = simulated('shopify', ['write_products'])
  const SHOPIFY_PAGE = '{ products(first: 30) { nodes { id title } } }'
  core.simulation.seed(
    ws,
    shopifyConnection.id,
    Array.from({ length: 60 }, (_, i) => ({
      method: 'POST',
      path: '/admin/api/2024-10/graphql.json',
      body: {
        query: 'mutation ($p: ProductCreateInput!) { productCreate(product: $p) { product { id } } }',
        variables: { p: { title: `Product ${i}`, tags: ['bench'] } },
      },
    })),
  )
  // Notion with 60 pages in the Tasks data source a new workspace shares.
  const notionConnection = simulated('notion', [])
  const [sources] = core.simulation.seed(ws, notionConnection.id, [
    { method: 'POST', path: '/v1/search', body: { filter: { property: 'object', value: 'data_source' } } },
  ])
  const notionSource = (sources!.body as { results: Array<{ id: string }> }).results[0]!.id
  core.simulation.seed(
    ws,
    notionConnection.id,
    Array.from({ length: 60 }, (_, i) => ({
      method: 'POST',
      path: '/v1/pages',
      body: {
        parent: { data_source_id: notionSource },
        properties: { Name: { title: [{ text: { content: `Task ${i}` } }] }, Points: { number: i } },
      },
    })),
  )
  const jiraConnection = simulated('jira', ['read:jira-work', 'write:jira-work'])
  core.simulation.seed(
    ws,
    jiraConnection.id,
    Array.from({ length: 60 }, (_, i) => ({
      method: 'POST',
      path: '/rest/api/3/issue',
      body: { fields: { project: { key: 'SY' }, issuetype: { name: 'Task' }, summary: `Issue ${i}` } },
    })),
  )
  const calendarConnection = simulated('google-calendar', ['https://www.googleapis.com/auth/calendar.events'])
  core.simulation.seed(
    ws,
    calendarConnection.id,
    Array.from({ length: 60 }, (_, i) => ({
      method: 'POST',
      path: '/calendar/v3/calendars/primary/events',
      body: {
        summary: `Meeting ${i}`,
        start: { dateTime: `2026-12-01T${String(i % 24).padStart(2, '0')}:00:00Z` },
        end: { dateTime: `2026-12-01T${String(i % 24).padStart(2, '0')}:30:00Z` },
      },
    })),
  )
  const graphConnection = simulated('outlook-mail', ['Mail.Read', 'Mail.Send'])
  core.simulation.seed(
    ws,
    graphConnection.id,
    Array.from({ length: 40 }, (_, i) => ({
      method: 'POST',
      path: '/v1.0/me/messages',
      body: { subject: `Draft ${i}` },
    })),
  )
  const salesforceConnection = simulated('salesforce', ['api', 'refresh_token'])
  core.simulation.seed(
    ws,
    salesforceConnection.id,
    Array.from({ length: 60 }, (_, i) => ({
      method: 'POST',
      path: '/services/data/v62.0/sobjects/Account',
      body: { Name: `Account ${i}`, Industry: 'Technology', NumberOfEmployees: i },
    })),
  )
  // Linear with 60 issues in its one team.
  const linearConnection = simulated('linear', ['read', 'write'])
  const [linearTeams] = core.simulation.seed(ws, linearConnection.id, [
    { method: 'POST', path: '/graphql', body: { query: '{ teams { nodes { id } } }' } },
  ])
  const teamId = (linearTeams!.body as { data: { teams: { nodes: Array<{ id: string }> } } }).data.teams
    .nodes[0]!.id
  core.simulation.seed(
    ws,
    linearConnection.id,
    Array.from({ length: 60 }, (_, i) => ({
      method: 'POST',
      path: '/graphql',
      body: {
        query: 'mutation($input: IssueCreateInput!) { issueCreate(input: $input) { success } }',
        variables: { input: { teamId, title: `Issue ${i}` } },
      },
    })),
  )
  core.simulation.seed(ws, connection.id, [
    { method: 'POST', path: '/user/repos', body: { name: 'bench' } },
    ...Array.from({ length: 60 }, (_, i) => ({
      method: 'POST',
      path: '/repos/bench/bench/issues',
      body: { title: `Issue ${i}`, body: 'x'.repeat(200), labels: ['bug'] },
    })),
  ])
  db.close()

  gateway = await start(['bin/switchyard.js', 'serve', '--port', '0', '--data', data])
  const auth = { authorization: `token ${key}` }
  const base = `${gateway.url}/proxy/${connection.id}`
  const page = await fetch(`${base}/repos/bench/bench/issues`, { headers: auth })
  const size = (await page.json()).length
  if (page.status !== 200 || size !== 30) throw new Error(`page: ${page.status}, ${size} issues`)

  // A fixed number of calls, not a duration: the simulated GitHub's hourly budget is 5,000 calls per
  // token, and a faster run would measure its 403s (the creates below use what is left).
  const burst = await byAmount({
    url: `${base}/repos/bench/bench/issues`,
    connections: 10,
    amount: GITHUB_CALLS,
    headers: auth,
  })
  const { rps } = burst

  const customers = `${gateway.url}/proxy/${stripeConnection.id}/v1/customers?limit=30`
  const stripeAuth = { authorization: `Bearer ${key}` }
  const first = await fetch(customers, { headers: stripeAuth })
  const listed = (await first.json()).data?.length
  if (first.status !== 200 || listed !== 30) throw new Error(`customers: ${first.status}, ${listed}`)
  const stripeBurst = await autocannon({
    url: customers,
    connections: 10,
    duration: SECONDS,
    headers: stripeAuth,
  })
  const stripeRps = stripeBurst.requests.average

  const notionQuery = {
    url: `${gateway.url}/proxy/${notionConnection.id}/v1/data_sources/${notionSource}/query`,
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      'notion-version': '2025-09-03',
    },
    body: JSON.stringify({ page_size: 30 }),
  }
  const queried = await fetch(notionQuery.url, notionQuery)
  const rows = (await queried.json()).results?.length
  if (queried.status !== 200 || rows !== 30) throw new Error(`notion query: ${queried.status}, ${rows}`)
  const notionBurst = await autocannon({ ...notionQuery, connections: 10, duration: SECONDS })
  const notionRps = notionBurst.requests.average

  const jql = `${gateway.url}/proxy/${jiraConnection.id}/rest/api/3/search/jql?jql=project%20%3D%20SY&maxResults=30&fields=summary,status`
  const firstJira = await fetch(jql, { headers: stripeAuth })
  const found = (await firstJira.json()).issues?.length
  if (firstJira.status !== 200 || found !== 30) throw new Error(`jira search: ${firstJira.status}, ${found}`)
  const jiraBurst = await autocannon({ url: jql, connections: 10, duration: SECONDS, headers: stripeAuth })
  const jiraRps = jiraBurst.requests.average

  const calendarEvents = `${gateway.url}/proxy/${calendarConnection.id}/calendar/v3/calendars/primary/events?maxResults=30`
  const firstEvents = await fetch(calendarEvents, { headers: stripeAuth })
  const events = (await firstEvents.json()).items?.length
  if (firstEvents.status !== 200 || events !== 30) throw new Error(`events: ${firstEvents.status}, ${events}`)
  const calendarBurst = await autocannon({
    url: calendarEvents,
    connections: 10,
    duration: SECONDS,
    headers: stripeAuth,
  })
  const calendarRps = calendarBurst.requests.average

  const messages = `${gateway.url}/proxy/${graphConnection.id}/v1.0/me/messages?$top=30`
  const graphPage = await fetch(messages, { headers: stripeAuth })
  const graphListed = (await graphPage.json()).value?.length
  if (graphPage.status !== 200 || graphListed !== 30)
    throw new Error(`messages: ${graphPage.status}, ${graphListed}`)
  const graphBurst = await autocannon({
    url: messages,
    connections: 10,
    duration: SECONDS,
    headers: stripeAuth,
  })
  const graphRps = graphBurst.requests.average

  const soql = `${gateway.url}/proxy/${salesforceConnection.id}/services/data/v62.0/query?q=${encodeURIComponent("SELECT Id, Name, Industry FROM Account WHERE Industry = 'Technology' ORDER BY Name LIMIT 30")}`
  const firstSoql = await fetch(soql, { headers: stripeAuth })
  const records = (await firstSoql.json()).records?.length
  if (firstSoql.status !== 200 || records !== 30)
    throw new Error(`salesforce query: ${firstSoql.status}, ${records}`)
  const salesforceBurst = await autocannon({
    url: soql,
    connections: 10,
    duration: SECONDS,
    headers: stripeAuth,
  })
  const salesforceRps = salesforceBurst.requests.average

  // Shopify's cost bucket (2,000 points, 100 a second) holds about 60 pages of 30 (32 points each):
  // 55 calls, 10 at a time, timed from the first to the last answer, each checked to be a full page.
  const products = `${gateway.url}/proxy/${shopifyConnection.id}/admin/api/2024-10/graphql.json`
  const shopifyInit = {
    method: 'POST',
    headers: { 'x-shopify-access-token': key, 'content-type': 'application/json' },
    body: JSON.stringify({ query: SHOPIFY_PAGE }),
  }
  // 5 warm-up calls, then 55 timed.
  for (let i = 0; i < 5; i++) await (await fetch(products, shopifyInit)).arrayBuffer()
  const SHOPIFY_CALLS = 55
  let shopifyLeft = SHOPIFY_CALLS
  const shopifyStart = process.hrtime.bigint()
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (shopifyLeft-- > 0) {
        const res = await fetch(products, shopifyInit)
        const nodes = ((await res.json()) as { data?: { products?: { nodes?: unknown[] } } }).data?.products
          ?.nodes
        if (res.status !== 200 || nodes?.length !== 30)
          throw new Error(`products: ${res.status}, ${nodes?.length}`)
      }
    }),
  )
  const shopifyRps = SHOPIFY_CALLS / (Number(process.hrtime.bigint() - shopifyStart) / 1e9)

  const linearQuery = {
    url: `${gateway.url}/proxy/${linearConnection.id}/graphql`,
    method: 'POST',
    headers: { authorization: key, 'content-type': 'application/json' },
    body: JSON.stringify({
      query:
        '{ issues(first: 30) { nodes { id identifier title priority createdAt } pageInfo { hasNextPage endCursor } } }',
    }),
  }
  const linearFirst = await fetch(linearQuery.url, linearQuery)
  const linearIssues = (await linearFirst.json()).data?.issues?.nodes?.length
  if (linearFirst.status !== 200 || linearIssues !== 30)
    throw new Error(`linear issues: ${linearFirst.status}, ${linearIssues}`)
  const linearBurst = await autocannon({ ...linearQuery, connections: 10, duration: SECONDS })
  const linearRps = linearBurst.requests.average

  // The live stream of webhook.received events; each create waits for its own capture.
  const stream = await fetch(`${gateway.url}/api/events/stream?type=webhook.received`, {
    headers: { authorization: `Bearer ${key}` },
  })
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffered = ''
  const nextIssuesEvent = async () => {
    for (;;) {
      const end = buffered.indexOf('\n\n')
      if (end !== -1) {
        const frame = buffered.slice(0, end)
        buffered = buffered.slice(end + 2)
        const line = frame.split('\n').find((l) => l.startsWith('data:'))
        if (line && JSON.parse(line.slice(5)).provider_event_type === 'issues') return
        continue
      }
      const { value, done } = await reader.read()
      if (done) throw new Error('the stream ended')
      buffered += value
    }
  }
  const times: number[] = []
  for (let i = 0; i < CREATES; i++) {
    const t0 = process.hrtime.bigint()
    const seen = nextIssuesEvent()
    const res = await fetch(`${base}/repos/bench/bench/issues`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Created ${i}` }),
    })
    if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`)
    await res.arrayBuffer()
    await seen
    if (i >= 20) times.push(Number(process.hrtime.bigint() - t0) / 1e6)
  }
  await reader.cancel()

  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met')
  const p50 = percentile(times, 50)
  const p99 = percentile(times, 99)
  writeSection(
    'Simulation',
    `\`npm run bench:simulation\`: a simulated GitHub connection (state in SQLite, token checked against
the simulator's ledger on every call). Throughput: autocannon, 10 connections, ${GITHUB_CALLS.toLocaleString('en-US')} calls (within the
simulated hourly budget of 5,000) of \`GET /proxy/{connection}/repos/{owner}/{repo}/issues\` answering a page
of 30 issues (with \`Link\`), timed from the first request to the last answer (autocannon's own duration
for a fixed number of calls is rounded up to whole seconds: earlier runs read 1,495 calls/s, 4,500 calls over
3.01 s, whatever the real rate); the other providers' list pages for ${SECONDS} s each.
Create-to-capture: ${CREATES} sequential \`POST …/issues\` (the first 20 as warm-up), each timed until its
\`issues\` webhook, signed and captured through the ingest path, arrives on \`/api/events/stream\`.
The machine is shared while this runs, so treat the figures as indicative.

**Page of 30 issues: ${Math.round(rps).toLocaleString('en-US')} calls/s (target ≥ 2,000): ${verdict(rps >= 2000)}**
(${burst.non2xx + burst.errors} non-2xx or errors).
**Stripe, a page of 30 customers (\`GET …/v1/customers?limit=30\`): ${Math.round(stripeRps).toLocaleString('en-US')} calls/s**
(${stripeBurst.non2xx + stripeBurst.errors} non-2xx or errors).
**Notion, a page of 30 from a data source query (\`POST …/v1/data_sources/{id}/query\`): ${Math.round(notionRps).toLocaleString('en-US')} calls/s**
(${notionBurst.non2xx + notionBurst.errors} non-2xx or errors).
**Jira, a JQL search page of 30 issues (\`GET …/rest/api/3/search/jql?jql=project = SY&maxResults=30&fields=summary,status\`): ${Math.round(jiraRps).toLocaleString('en-US')} calls/s**
(${jiraBurst.non2xx + jiraBurst.errors} non-2xx or errors).
**Google Calendar, a page of 30 events (\`GET …/calendar/v3/calendars/primary/events?maxResults=30\`): ${Math.round(calendarRps).toLocaleString('en-US')} calls/s**
(${calendarBurst.non2xx + calendarBurst.errors} non-2xx or errors).
**Microsoft Graph, a page of 30 messages (\`GET …/v1.0/me/messages?$top=30\`): ${Math.round(graphRps).toLocaleString('en-US')} calls/s**
(${graphBurst.non2xx + graphBurst.errors} non-2xx or errors).
**Salesforce, a SOQL page of 30 accounts (\`GET …/services/data/v62.0/query?q=SELECT Id, Name, Industry FROM Account WHERE Industry = 'Technology' ORDER BY Name LIMIT 30\`): ${Math.round(salesforceRps).toLocaleString('en-US')} calls/s**
(${salesforceBurst.non2xx + salesforceBurst.errors} non-2xx or errors).
**Shopify, a GraphQL page of 30 products (\`POST …/admin/api/2024-10/graphql.json\`, ${SHOPIFY_CALLS} calls, 10 at a time: what its cost bucket allows): ${Math.round(shopifyRps).toLocaleString('en-US')} calls/s.**
**Linear, a GraphQL page of 30 issues (\`POST …/graphql\`, \`issues(first: 30)\`): ${Math.round(linearRps).toLocaleString('en-US')} calls/s**
(${linearBurst.non2xx + linearBurst.errors} non-2xx or errors).
**Create issue → captured webhook: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms (target p99 < 50 ms): ${verdict(p99 < 50)}.**`,
  )
  console.log(
    `page of 30: ${Math.round(rps)} calls/s; stripe customers page of 30: ${Math.round(stripeRps)} calls/s; notion query page of 30: ${Math.round(notionRps)} calls/s; jira search page of 30: ${Math.round(jiraRps)} calls/s; calendar events page of 30: ${Math.round(calendarRps)} calls/s; graph messages page of 30: ${Math.round(graphRps)} calls/s; salesforce SOQL page of 30: ${Math.round(salesforceRps)} calls/s; shopify products page of 30: ${Math.round(shopifyRps)} calls/s; linear issues page of 30: ${Math.round(linearRps)} calls/s; create→captured p50 ${p50.toFixed(2)} ms p99 ${p99.toFixed(2)} ms`,
  )
} finally {
  if (gateway) await stop(gateway.child)
  rmSync(data, { recursive: true, force: true })
}
