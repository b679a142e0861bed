// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { Disclosure } from './Disclosure';
import type { DisclosureProps } from './Disclosure';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
});

async function mount(props: Omit<DisclosureProps, 'children'>): Promise<HTMLElement> {
  const host = document.createElement('div');
  document.body.append(host);
  await act(async () =>
    createRoot(host).render(createElement(Disclosure, { ...props, children: createElement('p', null, 'Rhodium plated') })),
  );
  return host;
}

describe('Disclosure', () => {
  it('starts closed, and each click on its title opens or closes the body it controls', async () => {
    const host = await mount({ title: 'Tags' });
    const toggle = host.querySelector('h3 > button')!;
    const body = host.querySelector<HTMLElement>(`#${CSS.escape(toggle.getAttribute('aria-controls')!)}`)!;
    expect(toggle.textContent).toBe('Tags');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(body.hidden).toBe(true);

    await act(async () => (toggle as HTMLButtonElement).click());
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(body.hidden).toBe(false);
    expect(body.textContent).toBe('Rhodium plated');

    await act(async () => (toggle as HTMLButtonElement).click());
    expect(body.hidden).toBe(true);
  });

  it('can start open under an h2, with the classes the page styles it by', async () => {
    const host = await mount({
      title: 'Product information',
      headingLevel: 2,
      defaultOpen: true,
      className: 'pd-info',
      bodyClassName: 'pd-info__body',
    });
    expect(host.querySelector('section')!.className).toBe('disclosure pd-info');
    expect(host.querySelector('h2 > button')!.getAttribute('aria-expanded')).toBe('true');
    expect(host.querySelector<HTMLElement>('.disclosure__body.pd-info__body')!.hidden).toBe(false);
  });
});
