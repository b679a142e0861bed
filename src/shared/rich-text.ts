/**
 * A product description's formatting, as the content team writes it: paragraphs split by a blank line, list items
 * starting with "- " (or "1. " for a numbered list), and **bold** words. The description is stored as that text, so
 * nothing a browser could run is ever stored or shown; pages draw it with RichText.tsx, and places that need plain
 * words (a meta description, the search index) use richTextPlain(). Pure: the form, the build and the import share it.
 */

/** A run of words, bold or not. */
export interface RichSpan {
  text: string;
  bold: boolean;
}

/** A paragraph (its lines, kept as line breaks) or a list (its items). */
type RichBlock = { kind: 'p'; lines: RichSpan[][] } | { kind: 'ul' | 'ol'; items: RichSpan[][] };

const BULLET = /^\s*[-*•]\s+/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+/;

/** A line's words with **bold** runs marked (an unmatched "**" stays as written). */
function richSpans(line: string): RichSpan[] {
  const spans: RichSpan[] = [];
  const parts = line.split('**');
  // An even count of parts means one "**" has no partner: it is kept as text.
  const unmatched = parts.length % 2 === 0 ? parts.length - 1 : -1;
  parts.forEach((text, i) => {
    if (i === unmatched) {
      const last = spans.at(-1);
      if (last && !last.bold) last.text += `**${text}`;
      else spans.push({ text: `**${text}`, bold: false });
      return;
    }
    if (text) spans.push({ text, bold: i % 2 === 1 });
  });
  return spans;
}

/** The description's blocks, in order. */
export function parseRichText(text: string): RichBlock[] {
  const blocks: RichBlock[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    let current = null as RichBlock | null;
    for (const raw of chunk.split('\n')) {
      if (!raw.trim()) continue;
      const kind = BULLET.test(raw) ? 'ul' : NUMBERED.test(raw) ? 'ol' : 'p';
      const line = richSpans((kind === 'ul' ? raw.replace(BULLET, '') : kind === 'ol' ? raw.replace(NUMBERED, '') : raw).trim());
      if (current?.kind === kind) {
        if (current.kind === 'p') current.lines.push(line);
        else current.items.push(line);
        continue;
      }
      current = kind === 'p' ? { kind, lines: [line] } : { kind, items: [line] };
      blocks.push(current);
    }
  }
  return blocks;
}

/** The description as plain words: no markers, one space between words, a full stop between lines that had none. */
export function richTextPlain(text: string): string {
  const lines = parseRichText(text)
    .flatMap((b) => (b.kind === 'p' ? b.lines : b.items))
    .map((spans) =>
      spans
        .map((s) => s.text)
        .join('')
        .trim(),
    );
  return lines
    .map((line, i) => (i < lines.length - 1 && !/[.!?:;,]$/.test(line) ? `${line}.` : line))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text with the selection [start, end) in bold ("**" around it), and where the selection is after. */
export function withBold(text: string, start: number, end: number): { text: string; start: number; end: number } {
  const picked = text.slice(start, end) || 'bold words';
  return { text: `${text.slice(0, start)}**${picked}**${text.slice(end)}`, start: start + 2, end: start + 2 + picked.length };
}

/** The text with every line the selection touches made a list item ("- " in front), or back to lines if all were. */
export function withList(text: string, start: number, end: number): { text: string; start: number; end: number } {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const toBreak = text.indexOf('\n', end);
  const to = toBreak === -1 ? text.length : toBreak;
  const lines = text.slice(from, to).split('\n');
  const allItems = lines.every((l) => !l.trim() || BULLET.test(l));
  const changed = lines.map((l) => (!l.trim() ? l : allItems ? l.replace(BULLET, '') : `- ${l}`)).join('\n');
  return { text: `${text.slice(0, from)}${changed}${text.slice(to)}`, start: from, end: from + changed.length };
}
