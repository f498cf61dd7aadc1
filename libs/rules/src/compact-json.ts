/**
 * The URL-safe text that preview frames carry after '#' and that a draw's branding is stored as: base64url (RFC 4648
 * §5, no padding) of UTF-8 text. Written with btoa/atob and TextEncoder/TextDecoder, which Node and browsers both
 * have, so the server and the page write the same characters (Node's Buffer is not in a browser).
 */
export function encodeBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The inverse of encodeBase64Url; null when the text is not base64url of UTF-8. */
export function decodeBase64Url(text: string): string | null {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** A compact JSON object (short keys, defaults left out) as URL-safe text. */
export function encodeCompact(compact: Record<string, unknown>): string {
  return encodeBase64Url(JSON.stringify(compact));
}

/** The inverse of encodeCompact; null when the text is not base64url of a JSON object. */
export function decodeCompact(text: string): Record<string, unknown> | null {
  const json = decodeBase64Url(text);
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
