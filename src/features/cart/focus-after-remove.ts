/**
 * Where focus goes when a line's Remove button goes with its line: the next line, else the previous one,
 * so a keyboard user stays in the list. Undefined when the removed one was the last (or is not in the list).
 */
export const focusAfterRemove = <T>(items: readonly T[], index: number): T | undefined =>
  index < 0 ? undefined : (items[index + 1] ?? items[index - 1]);
