// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';

/** An island part that fails while rendering, as a bad record or a bug would make it. */
function Broken(): never {
  throw new Error('price is not a number');
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

async function mount(children: ReturnType<typeof createElement>): Promise<HTMLElement> {
  const host = document.createElement('div');
  document.body.append(host);
  await act(async () => createRoot(host).render(createElement(ErrorBoundary, null, children)));
  return host;
}

describe('ErrorBoundary', () => {
  it("shows 'Something went wrong' with the error behind Show Details instead of a blank island", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = await mount(createElement(Broken));
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('Something went wrong');
    const toggle = host.querySelector('button')!;
    const details = host.querySelector<HTMLElement>('.error-panel__details')!;
    expect(toggle.textContent).toBe('Show Details');
    expect(details.hidden).toBe(true);

    await act(async () => toggle.click());
    expect(toggle.textContent).toBe('Hide Details');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(details.hidden).toBe(false);
    expect(details.textContent).toContain('price is not a number');
    expect(details.querySelector('pre')?.textContent).toContain('Broken');
    expect(console.error).toHaveBeenCalledWith('[island] render error', expect.any(Error), expect.any(String));
  });

  it('renders its content untouched when nothing fails', async () => {
    const host = await mount(createElement('p', null, 'Add to Cart'));
    expect(host.innerHTML).toBe('<p>Add to Cart</p>');
  });
});
