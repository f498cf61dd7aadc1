// siphash ships JavaScript only: the one function the entrant id table calls.
declare module 'siphash' {
  const SipHash: {
    /** SipHash-2-4 of `message` under a 128-bit key: the high and low 32 bits of its 64-bit value. */
    hash(key: Uint32Array, message: Uint8Array): { h: number; l: number };
  };
  export = SipHash;
}
