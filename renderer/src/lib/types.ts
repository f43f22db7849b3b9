/** Shapes of the gateway's resources as the UI reads them (see src/core/<resource>/*.schema.ts). */
export interface Workspace {
  id: string
  name: string
  tier: 'free' | 'pro' | 'enterprise'
  rpm: number
  created_at: string
}

export interface ApiKey {
  id: string
  name: string
  role: 'secret' | 'publishable'
  status: 'active' | 'revoked'
  prefix: string
  created_at: string
  revoked_at: string | null
}

export interface CreatedApiKey {
  id: string
  key: string
  name: string
  role: 'secret' | 'publishable'
  created_at: string
}

export interface Provider {
  id: string
  name: string
  description: string
  tags: string[]
  categories: string[]
  color: string
  auth_type: 'oauth2' | 'api_key' | 'basic' | 'app_install'
  auth: Record<string, unknown> & { type: string; scopes?: string[] }
  webhooks: { signature: string | null; handshake: string | null } | null
  docs_url: string | null
  /** Where each `{placeholder}` of the provider URLs gets its value. */
  placeholders?: Record<string, { source: 'params' | 'metadata'; description: string }>
  api?: { base_url: string } | null
  custom: boolean
  logo_url: string
  created_at: string
  updated_at: string
}

export interface Category {
  id: string
  name: string
  description: string
  count?: number
  provider_count?: number
}

export interface ProviderConfig {
  id: string
  provider: string
  name: string
  client_id: string | null
  client_secret_set: boolean
  scopes: string[] | null
  webhook_secret_set: boolean
  webhook_signature: string | null
  /** Overrides of the provider's declaration; null uses the provider's. */
  token_endpoint_auth_method?: 'client_secret_basic' | 'client_secret_post' | 'none' | null
  authorization_params?: Record<string, string> | null
  api_base_url?: string | null
  mode: 'real' | 'simulated'
  created_at: string
  updated_at: string
}

export interface Connection {
  id: string
  provider: string
  provider_config_id: string | null
  tenant_id: string
  mode: 'real' | 'simulated'
  status: 'active' | 'needs_reauth' | 'revoked'
  status_reason: string | null
  scopes: string[]
  /** The session's placeholder values (`shop`, `subdomain`). */
  params?: Record<string, string>
  /** Non-secret token-response fields the provider declares (`instance_url`, `team_id`). */
  metadata?: Record<string, string | number | boolean>
  token_expires_at: string | null
  created_at: string
  updated_at: string
  last_refreshed_at: string | null
}

export interface Installation {
  id: string
  provider: string
  provider_config_id: string | null
  tenant_id: string
  mode: 'real' | 'simulated'
  status: 'active' | 'revoked'
  external_id: string
  created_at: string
  updated_at: string
}

export interface CreatedSession {
  id: string
  url: string
  expires_at: string
}

export interface EventItem {
  id: string
  type: string
  source: 'webhook' | 'gateway' | 'upstream'
  provider: string | null
  tenant_id: string | null
  connection_id: string | null
  installation_id: string | null
  provider_event_type?: string | null
  signature: 'valid' | 'invalid' | 'unverified' | null
  data: Record<string, unknown> | null
  /** The first capture with the same signed message id (a sender retry or a replay attack). */
  duplicate_of?: string | null
  /** An edited replay: the event it was made from. */
  replay_of?: string | null
  created_at: string
}

export interface NameValue {
  name: string
  value: string
}

/** The exact HTTP request behind a captured webhook. */
export interface CapturedRequest {
  method: string
  path: string
  query_string: string
  query: NameValue[]
  headers: NameValue[]
  content_type: string | null
  size: number
  body: string
  body_encoding: 'utf8' | 'base64'
  received_at: string
}

export interface Delivery {
  id: string
  event_id: string
  kind: 'forward' | 'replay' | 'endpoint'
  endpoint_id: string | null
  target: string
  attempt: number
  status: number | null
  error: string | null
  duration_ms: number
  created_at: string
}

/** An event with its captured request (webhooks) and delivery log. */
export interface EventDetail extends EventItem {
  request?: CapturedRequest | null
  deliveries?: Delivery[]
}

export interface WebhookEndpoint {
  id: string
  url: string
  description: string | null
  event_types: string[] | null
  status: 'active' | 'disabled'
  disabled_reason: string | null
  created_at: string
  updated_at: string
  secret?: string
}

export interface Overview {
  workspace: Workspace
  counts: Record<string, number>
  capped: string[]
  events_per_minute: Array<{ minute: string; count: number }>
}
