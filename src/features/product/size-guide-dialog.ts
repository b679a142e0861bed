/**
 * The size guide dialog, built on first use from the charts in ./size-guide.ts: the chart of the piece's kind
 * first (Indian ring sizes, bangle sizes, or chain and anklet lengths) with how to measure at home, then the
 * other charts. A modal <dialog>: the page behind is inert and does not scroll, Tab and Shift+Tab stay inside,
 * Escape, the close button and a click on the backdrop close it, and focus goes back to the Size guide button.
 *
 * Plain DOM, not React, on purpose: it is imported lazily, and a lazy chunk that imports React shares the page
 * shell's chunk, whose (inlined) CSS the preload helper would then try to fetch as a file and fail. Imports only
 * the charts, so it loads as one small file; its stylesheet comes by URL (see ProductDetail).
 */
import type { SizeGuide } from '@shared/sizes';
import { BANGLE_SIZES, LENGTHS, RING_SIZES } from './size-guide';

/** What opening the guide needs: which chart leads, the size chosen on the page (marked), where focus returns. */
export interface SizeGuideOptions {
  guide: SizeGuide;
  chosen: string | null;
  returnFocusTo: HTMLElement | null;
}

type Child = Node | string | null;

/** A new element with a class (or none) and children; text is always set as text, never as HTML. */
function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const child of children) if (child !== null) node.append(child);
  return node;
}

/** A section: heading, how to measure, an optional note, and a chart with a header row and one row per size. */
interface Chart {
  kind: SizeGuide;
  title: string;
  steps: string[];
  note: string | null;
  caption: string;
  columns: [string, string, string];
  rows: { key: string; cells: [string, string, string] }[];
}

const mm = (value: number) => value.toFixed(1);

/** The three charts, with the words of each. */
function charts(): Chart[] {
  return [
    {
      kind: 'ring',
      title: 'Ring sizes',
      steps: [
        'Wrap a thin strip of paper or a piece of string around the base of the finger, snug but loose enough to pass the knuckle.',
        'Mark where the end meets the strip, lay it flat on a ruler and read the length in millimetres: that is the circumference.',
        'Find the nearest circumference below. Between two sizes, take the larger one.',
      ],
      note: 'Have a ring that fits? Measure its inner diameter across the middle, inside edge to inside edge, and find it in the chart.',
      caption: 'Indian ring sizes',
      columns: ['Size', 'Inner diameter (mm)', 'Inner circumference (mm)'],
      rows: RING_SIZES.map((r) => ({ key: String(r.size), cells: [String(r.size), mm(r.diameterMm), mm(r.circumferenceMm)] })),
    },
    {
      kind: 'bangle',
      title: 'Bangle sizes',
      steps: [
        'Take a bangle that slips over your hand comfortably and lay it flat on a ruler.',
        'Measure the inner diameter across the widest part, inside edge to inside edge.',
        'Find the nearest diameter below. Between two sizes, take the larger one: a bangle has to pass over the knuckles.',
      ],
      note: 'Indian bangle sizes count sixteenths of an inch over 2 inches: 2.6 is 2 6/16 inches across.',
      caption: 'Indian bangle sizes',
      columns: ['Size', 'Inner diameter (in)', 'Inner diameter (mm)'],
      rows: BANGLE_SIZES.map((r) => ({ key: r.size, cells: [r.size, r.diameterIn.toFixed(3), mm(r.diameterMm)] })),
    },
    {
      kind: 'length',
      title: 'Chain and anklet lengths',
      steps: [
        'Lay a string where the piece should sit, around the neck or the ankle, as loose as you like it.',
        'Mark where it meets, then measure the string on a ruler or tape.',
        'Or lay a chain you own flat and measure it end to end, clasp included.',
      ],
      note: null,
      caption: 'Lengths',
      columns: ['Inches', 'Centimetres', 'Where it sits'],
      rows: LENGTHS.map((r) => ({ key: `${r.inches} in`, cells: [String(r.inches), r.cm.toFixed(1), r.fits] })),
    },
  ];
}

let sequence = 0;

/** One chart as a section; the row of the size chosen on the page is marked (for the eye and in words). */
function section(chart: Chart, chosen: string | null): HTMLElement {
  const id = `size-guide-${++sequence}`;
  const head = el('tr', null, ...chart.columns.map((c) => Object.assign(el('th', null, c), { scope: 'col' })));
  const body = el(
    'tbody',
    null,
    ...chart.rows.map(({ key, cells: [first, ...rest] }) => {
      const mine = chosen === key;
      const th = Object.assign(el('th', null, first, ...(mine ? [' ', el('span', 'size-guide__chosen', 'your choice')] : [])), {
        scope: 'row',
      });
      return el('tr', mine ? 'size-guide__row--chosen' : null, th, ...rest.map((c) => el('td', null, c)));
    }),
  );
  const caption = Object.assign(el('caption', null, chart.caption), { id: `${id}-caption` });
  // A focusable, named region: a keyboard user can scroll a chart wider than the phone.
  const wrap = Object.assign(el('div', 'size-guide__table', el('table', null, caption, el('thead', null, head), body)), { tabIndex: 0 });
  wrap.setAttribute('role', 'region');
  wrap.setAttribute('aria-labelledby', `${id}-caption`);
  const title = Object.assign(el('h3', null, chart.title), { id });
  const part = el(
    'section',
    null,
    title,
    el('h4', null, 'Measure at home'),
    el('ol', null, ...chart.steps.map((s) => el('li', null, s))),
    chart.note ? el('p', null, chart.note) : null,
    wrap,
  );
  part.setAttribute('aria-labelledby', id);
  return part;
}

/** Elements Tab can reach inside the dialog, in order. */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('button, [tabindex="0"]')];
}

/** Opens the guide; it removes itself when closed. */
export function openSizeGuide({ guide, chosen, returnFocusTo }: SizeGuideOptions): HTMLDialogElement {
  const all = charts();
  const ordered = [...all.filter((c) => c.kind === guide), ...all.filter((c) => c.kind !== guide)];
  const close = el('button', 'size-guide__close', el('span', null, '×'), el('span', 'visually-hidden', 'Close size guide'));
  close.type = 'button';
  close.firstElementChild?.setAttribute('aria-hidden', 'true');
  const title = Object.assign(el('h2', null, 'Size guide'), { id: `size-guide-title-${++sequence}` });
  const dialog = el(
    'dialog',
    'size-guide',
    el(
      'div',
      'size-guide__panel',
      el('div', 'size-guide__head', title, close),
      el('div', 'size-guide__body', ...ordered.map((c) => section(c, c.kind === guide ? chosen : null))),
    ),
  );
  dialog.setAttribute('aria-labelledby', title.id);

  const root = document.documentElement;
  const overflow = root.style.overflow;
  close.addEventListener('click', () => dialog.close());
  // The panel fills the dialog, so a click whose target is the dialog itself landed on the backdrop.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const items = focusables(dialog);
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    root.style.overflow = overflow;
    returnFocusTo?.focus();
  });

  document.body.append(dialog);
  root.style.overflow = 'hidden';
  dialog.showModal();
  close.focus();
  // The size chosen on the page is where a shopper checks the chart: show its row without scrolling for it.
  // Only the guide's own body scrolls (scrollIntoView would move the page behind too).
  const row = dialog.querySelector('.size-guide__row--chosen');
  const scroller = dialog.querySelector('.size-guide__body');
  if (row && scroller) {
    const [r, b] = [row.getBoundingClientRect(), scroller.getBoundingClientRect()];
    scroller.scrollTop += r.top - b.top - (b.height - r.height) / 2;
  }
  return dialog;
}
