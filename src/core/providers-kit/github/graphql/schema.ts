import { buildSchema } from 'graphql'

/**
 * The part of GitHub's GraphQL schema the simulation answers, with GitHub's type and field names
 * (a subset of https://docs.github.com/graphql): the viewer, repositories, issues and their
 * comments as connections, `node`, `rateLimit`, and three mutations.
 */
/** A connection of `node`s with its edge type, as GitHub pages every list. */
const connection = (node: string) => /* GraphQL */ `
  type ${node}Connection {
    totalCount: Int!
    pageInfo: PageInfo!
    nodes: [${node}]
    edges: [${node}Edge]
  }
  type ${node}Edge {
    cursor: String!
    node: ${node}
  }`

export const githubGraphqlSchema = buildSchema(/* GraphQL */ `
  scalar DateTime
  scalar URI

  interface Node {
    id: ID!
  }

  interface Actor {
    login: String!
    url: URI!
  }

  interface RepositoryOwner {
    id: ID!
    login: String!
    url: URI!
  }

  type Query {
    viewer: User!
    repository(owner: String!, name: String!): Repository
    node(id: ID!): Node
    rateLimit(dryRun: Boolean = false): RateLimit
  }

  type Mutation {
    createIssue(input: CreateIssueInput!): CreateIssuePayload
    addComment(input: AddCommentInput!): AddCommentPayload
    closeIssue(input: CloseIssueInput!): CloseIssuePayload
  }

  type RateLimit {
    cost: Int!
    limit: Int!
    nodeCount: Int!
    remaining: Int!
    resetAt: DateTime!
    used: Int!
  }

  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  type User implements Node & Actor & RepositoryOwner {
    id: ID!
    databaseId: Int
    login: String!
    name: String
    email: String!
    url: URI!
    createdAt: DateTime!
    repositories(first: Int, after: String): RepositoryConnection!
  }

  type Repository implements Node {
    id: ID!
    databaseId: Int
    name: String!
    nameWithOwner: String!
    description: String
    isPrivate: Boolean!
    hasIssuesEnabled: Boolean!
    url: URI!
    createdAt: DateTime!
    owner: RepositoryOwner!
    issue(number: Int!): Issue
    issues(
      first: Int
      after: String
      states: [IssueState!]
      labels: [String!]
      orderBy: IssueOrder
    ): IssueConnection!
  }

  enum IssueState {
    OPEN
    CLOSED
  }

  enum IssueStateReason {
    COMPLETED
    NOT_PLANNED
    REOPENED
  }

  enum IssueClosedStateReason {
    COMPLETED
    NOT_PLANNED
  }

  enum IssueOrderField {
    CREATED_AT
    UPDATED_AT
    COMMENTS
  }

  enum OrderDirection {
    ASC
    DESC
  }

  input IssueOrder {
    field: IssueOrderField!
    direction: OrderDirection!
  }

  type Label {
    name: String!
    color: String!
  }

  type Issue implements Node {
    id: ID!
    databaseId: Int
    number: Int!
    title: String!
    body: String!
    state: IssueState!
    stateReason: IssueStateReason
    closed: Boolean!
    closedAt: DateTime
    createdAt: DateTime!
    updatedAt: DateTime!
    url: URI!
    author: Actor
    repository: Repository!
    labels(first: Int): LabelConnection
    comments(first: Int, after: String): IssueCommentConnection!
  }

  type IssueComment implements Node {
    id: ID!
    databaseId: Int
    body: String!
    createdAt: DateTime!
    updatedAt: DateTime!
    url: URI!
    author: Actor
    issue: Issue!
  }

  ${connection('Repository')}
  ${connection('Issue')}
  ${connection('IssueComment')}
  type LabelConnection {
    totalCount: Int!
    nodes: [Label]
  }

  input CreateIssueInput {
    repositoryId: ID!
    title: String!
    body: String
    clientMutationId: String
  }
  type CreateIssuePayload {
    clientMutationId: String
    issue: Issue
  }

  input AddCommentInput {
    subjectId: ID!
    body: String!
    clientMutationId: String
  }
  type AddCommentPayload {
    clientMutationId: String
    commentEdge: IssueCommentEdge
    subject: Node
  }

  input CloseIssueInput {
    issueId: ID!
    stateReason: IssueClosedStateReason
    clientMutationId: String
  }
  type CloseIssuePayload {
    clientMutationId: String
    issue: Issue
  }
`)
