import { jest } from '@jest/globals';
import { CHECKOUT_SCRIPT_FAILED, checkoutScriptTimeout, loadCheckoutScript, type ScriptHost } from './checkout-script';

interface FakeScript {
  src: string;
  async: boolean;
  onload: (() => void) | null;
  onerror: (() => void) | null;
  removed: boolean;
  remove(): void;
}

function fakeHost(): ScriptHost & { scripts: FakeScript[] } {
  const scripts: FakeScript[] = [];
  return {
    scripts,
    createElement: () => {
      const script: FakeScript = { src: '', async: false, onload: null, onerror: null, removed: false, remove: () => (script.removed = true) };
      return script;
    },
    head: { appendChild: (node: never) => scripts.push(node as FakeScript) },
  } as ScriptHost & { scripts: FakeScript[] };
}

describe('checkout scripts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('waits 1 s on the buy-credits page and 10 s elsewhere', () => {
    expect(checkoutScriptTimeout('buyCredits')).toBe(1000);
    expect(checkoutScriptTimeout('home')).toBe(10000);
    expect(checkoutScriptTimeout(undefined)).toBe(10000);
  });

  it('adds the script once and resolves when it loads', async () => {
    const host = fakeHost();
    const first = loadCheckoutScript('https://js.example/v3-a', 1000, host);
    const second = loadCheckoutScript('https://js.example/v3-a', 1000, host);
    expect(second).toBe(first);
    expect(host.scripts).toHaveLength(1);
    expect(host.scripts[0]).toMatchObject({ src: 'https://js.example/v3-a', async: true });
    host.scripts[0].onload!();
    await expect(first).resolves.toBeUndefined();
  });

  it('fails with a clear message after the timeout, removes the script and lets a later call try again', async () => {
    const host = fakeHost();
    const load = loadCheckoutScript('https://js.example/v3-b', 1000, host);
    jest.advanceTimersByTime(999);
    expect(host.scripts[0].removed).toBe(false);
    jest.advanceTimersByTime(1);
    await expect(load).rejects.toThrow(CHECKOUT_SCRIPT_FAILED);
    expect(host.scripts[0].removed).toBe(true);
    void loadCheckoutScript('https://js.example/v3-b', 1000, host).catch(() => undefined);
    expect(host.scripts).toHaveLength(2);
  });

  it('fails at once when the script cannot be fetched', async () => {
    const host = fakeHost();
    const load = loadCheckoutScript('https://js.example/v3-c', 10000, host);
    host.scripts[0].onerror!();
    await expect(load).rejects.toThrow(CHECKOUT_SCRIPT_FAILED);
  });
});
