/** A product description drawn from its formatting (src/shared/rich-text.ts): paragraphs, lists and bold words. */
import { Fragment } from 'react';
import { parseRichText, type RichSpan } from '@shared/rich-text';

/** One line's words, bold where marked. */
function Spans({ spans }: { spans: RichSpan[] }) {
  return <>{spans.map((s, i) => (s.bold ? <strong key={i}>{s.text}</strong> : <Fragment key={i}>{s.text}</Fragment>))}</>;
}

/** The description's blocks; `className` goes on each paragraph and list. */
export function RichText({ text, className }: { text: string; className?: string }) {
  return (
    <>
      {parseRichText(text).map((block, i) => {
        if (block.kind === 'p')
          return (
            <p key={i} className={className}>
              {block.lines.map((line, j) => (
                <Fragment key={j}>
                  {j > 0 && <br />}
                  <Spans spans={line} />
                </Fragment>
              ))}
            </p>
          );
        const List = block.kind;
        return (
          <List key={i} className={className}>
            {block.items.map((item, j) => (
              <li key={j}>
                <Spans spans={item} />
              </li>
            ))}
          </List>
        );
      })}
    </>
  );
}
