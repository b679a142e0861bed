/** The accessible name of a header icon with a count badge, shared by the React header and the policy pages' script. */

/** "Cart" → "Cart, 3 items"; just the noun when nothing is counted. */
export function badgeLabel(noun: string, count: number): string {
  return count > 0 ? `${noun}, ${count} ${count === 1 ? 'item' : 'items'}` : noun;
}

/** What the badge shows: the count, capped at "99+". */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
