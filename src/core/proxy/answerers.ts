// The built-in simulations import the proxy's call and answer types from here; they live in answerer.ts.
export type { AnswerMode, ProxyAnswer, ProxyCall } from './answerer.js'
