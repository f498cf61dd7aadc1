import { useEffect, useState } from 'react';

/** Part 2 §4: a preview frame settles 500 ms after the last change; hash changes are taken 100 ms debounced. */
const PREVIEW_SETTLE_MS = 500;
const PREVIEW_DEBOUNCE_MS = 100;

/**
 * A preview frame's configuration, read from the page's hash (`#<serialisation>`) with `parse`: at once when the
 * frame opens, then 100 ms after the last hash change. `settled` turns true 500 ms after the value last changed
 * (pages mark it as `data-preview-settled` for whoever waits on the frame). Disabled: null, never settled.
 */
export function usePreviewHash<T>(enabled: boolean, parse: (hash: string) => T): { value: T | null; settled: boolean } {
  const [value, setValue] = useState<T | null>(() => (enabled ? parse(window.location.hash.slice(1)) : null));
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let debounce: number | undefined;
    const onHash = () => {
      window.clearTimeout(debounce);
      debounce = window.setTimeout(() => {
        setSettled(false);
        setValue(parse(window.location.hash.slice(1)));
      }, PREVIEW_DEBOUNCE_MS);
    };
    window.addEventListener('hashchange', onHash);
    return () => {
      window.removeEventListener('hashchange', onHash);
      window.clearTimeout(debounce);
    };
    // `parse` is a module function for every caller: only `enabled` restarts the listener.
  }, [enabled]);
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setTimeout(() => setSettled(true), PREVIEW_SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [enabled, value]);
  return { value, settled };
}

/**
 * A frame size query (`fw`, `wh`, `eh`): a whole number of CSS pixels from 120 to 4,000, else undefined (no cap).
 */
export function frameCap(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,4}$/.test(raw)) return undefined;
  const pixels = Number(raw);
  return pixels >= 120 && pixels <= 4000 ? pixels : undefined;
}
