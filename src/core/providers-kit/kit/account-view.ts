import type { SimulatedAccountSection } from './provider-kit.js'

/**
 * A section of the dashboard's account view: one row per item, one column per entry of
 * `columns` (its heading and how an item shows in it).
 */
export const section = <T>(
  title: string,
  items: readonly T[],
  columns: Record<string, (item: T, index: number) => string>,
): SimulatedAccountSection => ({
  title,
  columns: Object.keys(columns),
  rows: items.map((item, i) => Object.values(columns).map((cell) => cell(item, i))),
})
