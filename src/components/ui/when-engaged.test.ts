import { afterEach, describe, expect, it, vi } from 'vitest';

/** A page as whenEngaged sees it: its load state, its scroll position (reads counted), and its events. */
function fakePage(readyState: 'loading' | 'complete', scrollY: number) {
  const page = new EventTarget();
  const reads = { scrollY: 0 };
  Object.defineProperty(page, 'scrollY', {
    get: () => {
      reads.scrollY++;
      return scrollY;
    },
  });
  const document = { readyState };
  vi.stubGlobal('window', page);
  vi.stubGlobal('document', document);
  return {
    reads,
    load() {
      document.readyState = 'complete';
      page.dispatchEvent(new Event('load'));
    },
  };
}

/** A fresh copy of the module: it keeps one promise per page. */
const freshWhenEngaged = async () => {
  vi.resetModules();
  return import('./when-engaged');
};

/** Whether a promise has settled by now. */
const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenEngaged', () => {
  it('never reads the scroll position while the page is parsed (that would lay out the half-parsed page)', async () => {
    const page = fakePage('loading', 300);
    const { whenEngaged } = await freshWhenEngaged();
    const engaged = whenEngaged();
    expect(page.reads.scrollY).toBe(0);
    expect(await settled(engaged)).toBe(false);
    // Loaded scrolled (a restored position): engaged at once.
    page.load();
    expect(await settled(engaged)).toBe(true);
  });

  it('a page already scrolled when asked is engaged at once', async () => {
    fakePage('complete', 120);
    const { whenEngaged } = await freshWhenEngaged();
    expect(await settled(whenEngaged())).toBe(true);
  });

  it('an untouched page at the top is engaged a few seconds after its load, or at the first touch', async () => {
    vi.useFakeTimers();
    const page = fakePage('loading', 0);
    const { whenEngaged, IDLE_LOAD_DELAY_MS } = await freshWhenEngaged();
    const engaged = whenEngaged();
    page.load();
    await vi.advanceTimersByTimeAsync(IDLE_LOAD_DELAY_MS - 1);
    expect(await settled(engaged)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(engaged)).toBe(true);

    const touched = fakePage('complete', 0);
    const again = await freshWhenEngaged();
    const byTouch = again.whenEngaged();
    (globalThis.window as unknown as EventTarget).dispatchEvent(new Event('touchstart'));
    await vi.advanceTimersByTimeAsync(50);
    expect(await settled(byTouch)).toBe(true);
    expect(touched.reads.scrollY).toBe(1);
  });
});
