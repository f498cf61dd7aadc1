/**
 * Adds a third-party script once. A script that fails to load is reported to the internal handler (logged), never
 * thrown: a marketing service must not break a page.
 */
export function loadScript(src: string, attributes: Record<string, string> = {}): void {
  if (document.querySelector(`script[src="${CSS.escape(src)}"]`)) return;
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  script.onerror = () => reportScriptError(src);
  document.head.appendChild(script);
}

function reportScriptError(src: string): void {
  console.error('Script load failed:', src);
}
