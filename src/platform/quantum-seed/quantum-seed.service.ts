import { Inject, Injectable, Logger } from '@nestjs/common';
import { localSeed } from './local-seed.js';
import { type IssuedSeed, QUANTUM_SEED_SOURCE, type QuantumSeedSource } from './quantum-seed.port.js';

/**
 * A seed for a generator: from the quantum service, or, when it fails, from this server's CSPRNG with the local
 * marker (the first fallback; the page's own crypto.getRandomValues is the second, when this server cannot be
 * reached).
 */
@Injectable()
export class QuantumSeedService {
  private readonly logger = new Logger('QuantumSeed');

  constructor(@Inject(QUANTUM_SEED_SOURCE) private readonly source: QuantumSeedSource) {}

  async seed(): Promise<IssuedSeed> {
    try {
      return await this.source.seed();
    } catch (error) {
      this.logger.warn(`Quantum seed unavailable, using a local one: ${error instanceof Error ? error.message : String(error)}`);
      return { seed: localSeed(), source: 'local' };
    }
  }
}
