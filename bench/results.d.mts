export function machineLine(): string
export function writeSection(title: string, body: string): void
export function percentile(values: number[], p: number): number
export function percent(ratio: number): string
