export const SDK_PLACEHOLDER = true
