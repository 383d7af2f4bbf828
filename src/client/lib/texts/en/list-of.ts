/**
 * "a", "a and b", "a, b and c": English lists, for the customer's and the console's words. A file of
 * its own, so that the console's words do not pull the customer pages' into their chunk.
 */
export function listOf(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
