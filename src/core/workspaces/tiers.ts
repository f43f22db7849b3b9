/** The rate-limit tiers a workspace can be on. */
export const TIERS = ['free', 'pro', 'enterprise'] as const
export type Tier = (typeof TIERS)[number]

/** Requests per minute of each tier; enterprise takes a custom number, this is its default. */
export const TIER_RPM: Record<Tier, number> = { free: 60, pro: 600, enterprise: 6000 }
