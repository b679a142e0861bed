import { describe, expect, it } from 'vitest';
import { parseRichText, richTextPlain, withBold, withList } from './rich-text';

describe('a description’s formatting', () => {
  it('reads paragraphs, line breaks, lists and bold as the content team writes them', () => {
    const text = 'Handmade in **Jaipur**.\nPolished by hand.\n\n- Rhodium plated\n- **Adjustable** band\n\n1. Wear\n2. Wipe';
    expect(parseRichText(text)).toEqual([
      {
        kind: 'p',
        lines: [
          [
            { text: 'Handmade in ', bold: false },
            { text: 'Jaipur', bold: true },
            { text: '.', bold: false },
          ],
          [{ text: 'Polished by hand.', bold: false }],
        ],
      },
      {
        kind: 'ul',
        items: [
          [{ text: 'Rhodium plated', bold: false }],
          [
            { text: 'Adjustable', bold: true },
            { text: ' band', bold: false },
          ],
        ],
      },
      { kind: 'ol', items: [[{ text: 'Wear', bold: false }], [{ text: 'Wipe', bold: false }]] },
    ]);
  });

  it('keeps an unmatched ** and any markup-looking text as plain words', () => {
    expect(parseRichText('2 ** 3 <b>x</b>')).toEqual([{ kind: 'p', lines: [[{ text: '2 ** 3 <b>x</b>', bold: false }]] }]);
    expect(parseRichText('**a** and ** b')).toEqual([
      {
        kind: 'p',
        lines: [
          [
            { text: 'a', bold: true },
            { text: ' and ** b', bold: false },
          ],
        ],
      },
    ]);
  });

  it('gives plain words for meta descriptions and search', () => {
    expect(richTextPlain('A **bold** ring\n\n- Rhodium\n- Adjustable')).toBe('A bold ring. Rhodium. Adjustable');
    expect(richTextPlain('Temple-style jhumkas with freshwater pearls')).toBe('Temple-style jhumkas with freshwater pearls');
    expect(richTextPlain('')).toBe('');
  });

  it('the form’s Bold and List buttons write the markers around the selection', () => {
    expect(withBold('a lotus ring', 2, 7)).toEqual({ text: 'a **lotus** ring', start: 4, end: 9 });
    expect(withBold('ring', 4, 4).text).toBe('ring**bold words**');
    expect(withList('one\ntwo\nthree', 1, 5)).toEqual({ text: '- one\n- two\nthree', start: 0, end: 11 });
    expect(withList('- one\n- two', 0, 11).text).toBe('one\ntwo');
  });
});
