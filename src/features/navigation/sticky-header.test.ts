// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPACT_CLASS, isPastHeader, stickHeader } from './sticky-header';

/** Stands in for the browser's observer: the test reports the sentinel's place, as scrolling would. */
class FakeObserver {
  static last: FakeObserver;
  observed: Element[] = [];
  constructor(readonly report: (entries: Partial<IntersectionObserverEntry>[]) => void) {
    FakeObserver.last = this;
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  unobserve(el: Element) {
    this.observed = this.observed.filter((o) => o !== el);
  }
  disconnect() {
    this.observed = [];
  }
}

/** A window size change, as a rotated phone or a dragged window makes. */
function resizeTo(width: number, height = window.innerHeight): void {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
  Object.defineProperty(window, 'innerHeight', { value: height, configurable: true });
  window.dispatchEvent(new Event('resize'));
  vi.advanceTimersByTime(200);
}

const entry = (isIntersecting: boolean, top: number) => ({ isIntersecting, boundingClientRect: { top } as DOMRectReadOnly });

/** The header slot's markup (Header.astro): the header, then its sentinel. */
function makeSlot(): HTMLElement {
  const slot = document.createElement('div');
  slot.innerHTML = '<header></header><div></div>';
  Object.defineProperty(slot, 'offsetHeight', { value: 180 });
  Object.defineProperty(slot.firstElementChild, 'offsetHeight', { value: 60 });
  document.body.append(slot);
  return slot;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  document.documentElement.style.removeProperty('--sticky-top');
});

describe('isPastHeader', () => {
  it('is past only when the sentinel is out of view above the window', () => {
    expect(isPastHeader(entry(false, -1))).toBe(true);
    expect(isPastHeader(entry(true, 0))).toBe(false);
    expect(isPastHeader(entry(true, -0.5))).toBe(false);
    // Out of view below the window (a tall banner above the page?): not past, the full header is there.
    expect(isPastHeader(entry(false, 900))).toBe(false);
  });
});

describe('stickHeader', () => {
  it('keeps the full header’s height and sets --sticky-top while compact, and undoes both when back', () => {
    const slot = makeSlot();
    stickHeader(slot);
    FakeObserver.last.report([entry(false, -20)]);
    expect(slot.classList.contains(COMPACT_CLASS)).toBe(true);
    expect(slot.style.blockSize).toBe('180px');
    expect(document.documentElement.style.getPropertyValue('--sticky-top')).toBe('60px');
    FakeObserver.last.report([entry(true, 179)]);
    expect(slot.classList.contains(COMPACT_CLASS)).toBe(false);
    expect(slot.style.blockSize).toBe('');
    expect(document.documentElement.style.getPropertyValue('--sticky-top')).toBe('');
  });

  it('a new window width drops compact and the measures, and observes the sentinel afresh', () => {
    const slot = makeSlot();
    stickHeader(slot);
    const observer = FakeObserver.last;
    const observe = vi.spyOn(observer, 'observe');
    observer.report([entry(false, -20)]);
    resizeTo(window.innerWidth + 200);
    expect(slot.classList.contains(COMPACT_CLASS)).toBe(false);
    expect(slot.style.blockSize).toBe('');
    expect(document.documentElement.style.getPropertyValue('--sticky-top')).toBe('');
    expect(observe).toHaveBeenCalledWith(slot.lastElementChild);
  });

  it('a height-only resize (a phone’s toolbar) leaves the compact bar alone', () => {
    const slot = makeSlot();
    stickHeader(slot);
    FakeObserver.last.report([entry(false, -20)]);
    resizeTo(window.innerWidth, window.innerHeight - 60);
    expect(slot.classList.contains(COMPACT_CLASS)).toBe(true);
  });

  it('stops listening when stopped', () => {
    const slot = makeSlot();
    const stop = stickHeader(slot);
    FakeObserver.last.report([entry(false, -20)]);
    stop();
    expect(slot.classList.contains(COMPACT_CLASS)).toBe(false);
    resizeTo(window.innerWidth + 100);
    expect(FakeObserver.last.observed).toEqual([]);
  });
});

describe('the first layout', () => {
  it('is not forced while the page is parsed: the window is measured once the page has loaded', () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const width = vi.spyOn(window, 'innerWidth', 'get');
    stickHeader(makeSlot());
    expect(width).not.toHaveBeenCalled();
    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    expect(width).toHaveBeenCalledTimes(1);
  });
});
