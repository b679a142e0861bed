/**
 * A part of an island whose code is fetched apart from the island's first load: a drawer or a panel that
 * nobody sees until they ask for it. Its code is fetched once the shopper engages with the page
 * (when-engaged.ts) or when it is first wanted, whichever comes first, so the tap that opens it normally
 * finds it loaded and renders it at once.
 */
import { createElement, useEffect } from 'react';
import type { ComponentType, ReactElement } from 'react';
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { whenEngaged } from './when-engaged';

/** A lazily fetched component: a hook that says whether it has arrived, and the component itself. */
export interface LazyPart<P extends object> {
  /** Starts the fetch (once; a failed fetch may be started again). */
  load(): Promise<void>;
  /**
   * Whether the part's code is here. `wanted` fetches it now (the shopper asked for it); otherwise it is fetched
   * when the shopper engages with the page.
   */
  useLoaded(wanted: boolean): boolean;
  /** Renders the part once its code is here, nothing before. */
  Part: (props: P) => ReactElement | null;
}

/** Wraps `importer` (a dynamic import of the part's module) as a part fetched on engagement or on demand. */
export function lazyPart<P extends object>(importer: () => Promise<ComponentType<P>>): LazyPart<P> {
  const $component = atom<ComponentType<P> | null>(null);
  let pending: Promise<void> | null = null;
  const load = (): Promise<void> => {
    pending ??= importer().then(
      (component) => $component.set(component),
      (error: unknown) => {
        // Offline for a moment: the next ask tries again.
        pending = null;
        console.warn('[island] Could not load a part of the page.', error);
      },
    );
    return pending;
  };
  return {
    load,
    useLoaded(wanted) {
      const component = useStore($component);
      useEffect(() => {
        if (wanted) void load();
        else void whenEngaged().then(load);
      }, [wanted]);
      return component !== null;
    },
    Part(props) {
      const component = useStore($component);
      return component ? createElement(component, props) : null;
    },
  };
}
