import { GraphqlResponseError, graphql } from '@octokit/graphql'
import { schema as githubPublished } from '@octokit/graphql-schema'
import { Octokit } from '@octokit/rest'
import {
  buildClientSchema,
  type IntrospectionQuery,
  isEnumType,
  isScalarType,
  parse,
  validate,
} from 'graphql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { githubGraphqlSchema } from '../../src/core/providers-kit/github/graphql/schema.js'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { capturedWebhooks, configureProvider, header, simulatedConnect } from './helpers.js'

/**
 * GitHub's GraphQL API over the simulated account, through the unchanged @octokit/graphql and
 * octokit.graphql: the same state as the REST API, GitHub's connections and its error shape.
 */
const data = tempDir('switchyard-gh-graphql-')
let server: RunningServer
let octokit: Octokit
let gql: typeof graphql
const owner = 'octo-graph'

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  const key = firstSecretKey(server)
  await configureProvider(server, key, 'github', 'graph-secret')
  const baseUrl = `${server.url}/proxy/${await simulatedConnect(server, 'github', owner)}`
  octokit = new Octokit({ baseUrl, auth: key, log: { debug() {}, info() {}, warn() {}, error() {} } })
  gql = graphql.defaults({ baseUrl, headers: { authorization: `token ${key}` } })
  await octokit.rest.repos.createForAuthenticatedUser({ name: 'graph' })
  for (const title of ['one', 'two', 'three'])
    await octokit.rest.issues.create({ owner, repo: 'graph', title })
  await octokit.rest.issues.update({ owner, repo: 'graph', issue_number: 2, state: 'closed' })
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

type IssuePage = {
  repository: {
    id: string
    issues: {
      totalCount: number
      pageInfo: { hasNextPage: boolean; endCursor: string | null }
      nodes: Array<{ id: string; number: number; title: string; state: string }>
      edges: Array<{ cursor: string; node: { number: number } }>
    }
  }
}
const ISSUES = /* GraphQL */ `
  query ($owner: String!, $name: String!, $after: String, $states: [IssueState!], $order: IssueOrder) {
    repository(owner: $owner, name: $name) {
      id
      issues(first: 2, after: $after, states: $states, orderBy: $order) {
        totalCount
        pageInfo { hasNextPage endCursor }
        nodes { id number title state }
        edges { cursor node { number } }
      }
    }
  }
`

describe('GitHub GraphQL through @octokit/graphql', () => {
  it('viewer, repository issues as a connection (first/after, states, orderBy), rateLimit', async () => {
    const { viewer } = await gql<{ viewer: { login: string; id: string } }>('{ viewer { login id } }')
    const rest = await octokit.rest.users.getAuthenticated()
    expect(viewer).toEqual({ login: owner, id: rest.data.node_id })

    const first = await gql<IssuePage>(ISSUES, { owner, name: 'graph' })
    expect(first.repository.issues.totalCount).toBe(3)
    expect(first.repository.issues.nodes.map((n) => n.number)).toEqual([1, 2])
    expect(first.repository.issues.edges.map((e) => e.node.number)).toEqual([1, 2])
    expect(first.repository.issues.pageInfo.hasNextPage).toBe(true)
    const next = await gql<IssuePage>(ISSUES, {
      owner,
      name: 'graph',
      after: first.repository.issues.pageInfo.endCursor,
    })
    expect(next.repository.issues.nodes.map((n) => n.number)).toEqual([3])
    expect(next.repository.issues.pageInfo).toEqual({ hasNextPage: false, endCursor: expect.any(String) })
    const open = await gql<IssuePage>(ISSUES, {
      owner,
      name: 'graph',
      states: ['OPEN'],
      order: { field: 'CREATED_AT', direction: 'DESC' },
    })
    expect(open.repository.issues.nodes.map((n) => [n.number, n.state])).toEqual([
      [3, 'OPEN'],
      [1, 'OPEN'],
    ])
    expect(open.repository.issues.totalCount).toBe(2)

    const { rateLimit } = await gql<{
      rateLimit: { limit: number; remaining: number; used: number; resetAt: string }
    }>('{ rateLimit { limit remaining used resetAt } }')
    expect(rateLimit.limit).toBe(5000)
    expect(rateLimit.remaining).toBe(5000 - rateLimit.used)
    expect(rateLimit.resetAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:00:00Z$/)
  })

  it('node(id) resolves REST node_ids; mutations change the same state and send the webhooks', async () => {
    const issue = await octokit.rest.issues.get({ owner, repo: 'graph', issue_number: 1 })
    const { node } = await gql<{ node: { __typename: string; title: string } }>(
      'query ($id: ID!) { node(id: $id) { __typename ... on Issue { title } } }',
      { id: issue.data.node_id },
    )
    expect(node).toEqual({ __typename: 'Issue', title: 'one' })

    const repo = await octokit.rest.repos.get({ owner, repo: 'graph' })
    const created = await octokit.graphql<{
      createIssue: { issue: { id: string; number: number; title: string } }
    }>(
      `mutation ($repo: ID!) { createIssue(input: {repositoryId: $repo, title: "from graphql", body: "b"}) {
         issue { id number title } } }`,
      { repo: repo.data.node_id },
    )
    expect(created.createIssue.issue).toMatchObject({ number: 4, title: 'from graphql' })
    const id = created.createIssue.issue.id
    const commented = await octokit.graphql<{
      addComment: { commentEdge: { node: { body: string } }; subject: { id: string } }
    }>(
      'mutation ($id: ID!) { addComment(input: {subjectId: $id, body: "hi"}) { commentEdge { node { body } } subject { id } } }',
      { id },
    )
    expect(commented.addComment).toEqual({ commentEdge: { node: { body: 'hi' } }, subject: { id } })
    const closed = await octokit.graphql<{
      closeIssue: { issue: { state: string; stateReason: string; closed: boolean } }
    }>(
      'mutation ($id: ID!) { closeIssue(input: {issueId: $id, stateReason: NOT_PLANNED}) { issue { state stateReason closed } } }',
      { id },
    )
    expect(closed.closeIssue.issue).toEqual({ state: 'CLOSED', stateReason: 'NOT_PLANNED', closed: true })
    const rest = await octokit.rest.issues.get({ owner, repo: 'graph', issue_number: 4 })
    expect(rest.data).toMatchObject({
      state: 'closed',
      state_reason: 'not_planned',
      comments: 1,
      title: 'from graphql',
    })
    await server.core.simulation.settled()
    const kinds = capturedWebhooks(server.core.db).map(
      (h) => `${header(h, 'x-github-event')}.${h.body.action}`,
    )
    expect(kinds).toEqual(expect.arrayContaining(['issues.opened', 'issue_comment.created', 'issues.closed']))
  })

  it('errors come in GitHub’s shape: {data, errors:[{type, path, locations, message}]}', async () => {
    const missing = await gql('{ repository(owner: "octo-graph", name: "nope") { id } }').catch(
      (e: unknown) => e,
    )
    expect(missing).toBeInstanceOf(GraphqlResponseError)
    const err = missing as GraphqlResponseError<unknown>
    expect(err.data).toEqual({ repository: null })
    expect(err.errors).toEqual([
      {
        type: 'NOT_FOUND',
        path: ['repository'],
        locations: [{ line: 1, column: 3 }],
        message: "Could not resolve to a Repository with the name 'octo-graph/nope'.",
      },
    ])
    const unbounded = (await gql(
      '{ repository(owner: "octo-graph", name: "graph") { issues { totalCount } } }',
    ).catch((e: unknown) => e)) as GraphqlResponseError<unknown>
    expect(unbounded.errors?.[0]).toMatchObject({
      type: 'MISSING_PAGINATION_BOUNDARIES',
      path: ['repository', 'issues'],
    })
    const invalid = (await gql('{ viewer { nope } }').catch(
      (e: unknown) => e,
    )) as GraphqlResponseError<unknown>
    expect(invalid.errors?.[0]?.message).toMatch(/nope/)
    const ghost = (await gql('query ($id: ID!) { node(id: $id) { id } }', { id: 'MDU6SXNzdWUx' }).catch(
      (e: unknown) => e,
    )) as GraphqlResponseError<unknown>
    expect(ghost.errors?.[0]).toMatchObject({ type: 'NOT_FOUND', path: ['node'] })
  })
})

describe('the simulated schema against GitHub’s published one (@octokit/graphql-schema)', () => {
  const github = buildClientSchema(githubPublished.json as unknown as IntrospectionQuery)

  it('every type, field, argument, input field and enum value it declares is GitHub’s, with GitHub’s types', () => {
    const mismatches: string[] = []
    for (const [name, ours] of Object.entries(githubGraphqlSchema.getTypeMap())) {
      if (name.startsWith('__') || isScalarType(ours)) continue
      const theirs = github.getType(name)
      if (!theirs || theirs.constructor !== ours.constructor) {
        mismatches.push(`type ${name}`)
        continue
      }
      if (isEnumType(ours) && isEnumType(theirs)) {
        for (const v of ours.getValues()) if (!theirs.getValue(v.name)) mismatches.push(`${name}.${v.name}`)
        continue
      }
      const theirFields = (theirs as unknown as { getFields(): Record<string, Field> }).getFields()
      for (const [fieldName, field] of Object.entries(
        (ours as { getFields(): Record<string, Field> }).getFields(),
      )) {
        const their = theirFields[fieldName]
        if (!their || String(their.type) !== String(field.type)) {
          mismatches.push(`${name}.${fieldName}: ${field.type} vs ${their?.type}`)
          continue
        }
        for (const arg of field.args ?? []) {
          const theirArg = their.args?.find((a) => a.name === arg.name)
          if (!theirArg || String(theirArg.type) !== String(arg.type))
            mismatches.push(`${name}.${fieldName}(${arg.name}: ${arg.type} vs ${theirArg?.type})`)
        }
      }
    }
    expect(mismatches).toEqual([])
  })

  it('the queries this file sends are valid against GitHub’s schema', () => {
    expect(validate(github, parse(ISSUES)).map((e) => e.message)).toEqual([])
  })
})
type Field = { type: unknown; args?: ReadonlyArray<{ name: string; type: unknown }> }
