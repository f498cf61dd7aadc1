import { useEffect, useRef, useState } from 'react';

/**
 * An owner's live preview: a same-origin frame (`src`, a `?prev=true` page) whose hash carries the configuration.
 * The frame loads once; later configurations replace only its hash (a fragment navigation, no reload and no history
 * entry for the back button), which the page takes 100 ms debounced (usePreviewHash). `hidden` keeps it loaded but
 * out of sight and out of the accessibility tree while the configuration is incomplete.
 */
export function PreviewIframe({ title, src, hash, height, hidden = false, testId }: { title: string; src: string; hash: string; height: number; hidden?: boolean; testId?: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [initialSrc] = useState(() => `${src}#${hash}`);
  const shown = useRef(initialSrc);
  useEffect(() => {
    const next = `${src}#${hash}`;
    const view = frame.current?.contentWindow;
    if (next === shown.current || !view) return;
    shown.current = next;
    view.location.replace(new URL(next, window.location.href).href);
  }, [src, hash]);
  return (
    <iframe
      ref={frame}
      title={title}
      src={initialSrc}
      data-testid={testId}
      style={{ display: hidden ? 'none' : 'block', width: '100%', height, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8 }}
    />
  );
}
