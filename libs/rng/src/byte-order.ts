/** True on little-endian hosts, where a Uint32Array view over keystream bytes already reads them as LE words. */
export const HOST_IS_LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Reinterprets the little-endian bytes under `words` as host words (a no-op on little-endian hosts). */
export function littleEndianWordsInPlace(words: Uint32Array): void {
  if (HOST_IS_LITTLE_ENDIAN) return;
  const view = new DataView(words.buffer, words.byteOffset, words.byteLength);
  for (let i = 0; i < words.length; i++) words[i] = view.getUint32(i * 4, true);
}
