import { localSeed } from './local-seed.js';
import type { IssuedSeed, QuantumSeedSource } from './quantum-seed.port.js';

/** No quantum service configured (development, tests, or a deliberate choice): seeds from the local CSPRNG. */
export class OfflineQuantumSeed implements QuantumSeedSource {
  async seed(): Promise<IssuedSeed> {
    return { seed: localSeed(), source: 'local' };
  }
}
