/**
 * The URL-safe form of a compact JSON object that preview frames carry after '#': base64url (no padding) of the
 * UTF-8 JSON. The branding serialisation (issue 10) and the publication and entry check preview configs (issue 11)
 * all use it.
 */
export function encodeCompact(compact: Record<string, unknown>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(compact));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The inverse of encodeCompact; null when the text is not base64url of a JSON object. */
export function decodeCompact(text: string): Record<string, unknown> | null {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
