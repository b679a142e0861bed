/** A hook telling a client:load island whether it may show browser-only state (localStorage). */
import { useSyncExternalStore } from 'react';

const subscribeToNothing = (): (() => void) => () => {};

/**
 * False while rendering on the server and during hydration, true afterwards. Islands gate
 * localStorage-derived markup (badges, cart lines) on it so the first client render matches the
 * static HTML, then React re-renders with the stored values straight after hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
