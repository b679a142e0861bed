import { describe, expect, it } from 'vitest';
import { cssCheckerGap, declarationAt } from './html-check';

describe('declarationAt', () => {
  it('returns the whole declaration around a column', () => {
    const css = '.a{color:red;container-type:inline-size}.b{top:0}';
    expect(declarationAt(css, 1, css.indexOf('inline') + 1)).toBe('container-type:inline-size');
    expect(declarationAt(`x\n${css}`, 2, 5)).toBe('color:red');
  });
});

describe('cssCheckerGap', () => {
  it('excuses CSS messages about features the checker does not know', () => {
    expect(cssCheckerGap('CSS: “container-type”: Property doesn’t exist.', 'container-type:inline-size')).toBe('container-type');
    expect(cssCheckerGap('CSS: “font-size”: Parse Error.', 'font-size:clamp(.625rem,5.4cqi,.75rem)')).toMatch(/cqi/);
    expect(cssCheckerGap('CSS: “max-block-size”: The types are incompatible.', 'max-block-size:calc(100dvh - 2rem)')).toMatch(/dvh/);
    expect(cssCheckerGap('CSS: “background”: “text” is not a value.', 'background:linear-gradient(red,blue) text')).toMatch(/text/);
  });

  it('never excuses HTML errors or other CSS errors', () => {
    expect(cssCheckerGap('Bad value “x” for attribute “autocomplete”.', 'container-type:inline-size')).toBeNull();
    expect(cssCheckerGap('CSS: “colour”: Property doesn’t exist.', 'colour:red')).toBeNull();
    expect(cssCheckerGap('CSS: “font-size”: Parse Error.', 'font-size:12pz')).toBeNull();
  });
});
