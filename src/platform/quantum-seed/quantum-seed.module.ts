import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { AnuQuantumSeed } from './anu-quantum-seed.adapter.js';
import { OfflineQuantumSeed } from './offline-quantum-seed.adapter.js';
import { QUANTUM_SEED_SOURCE } from './quantum-seed.port.js';
import { QuantumSeedService } from './quantum-seed.service.js';

/** The quantum service when QUANTUM_SEED_URL is set; the local CSPRNG otherwise. */
@Module({
  providers: [
    {
      provide: QUANTUM_SEED_SOURCE,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) => {
        const url = config.get('QUANTUM_SEED_URL', { infer: true });
        return url ? new AnuQuantumSeed(url, config.get('QUANTUM_SEED_API_KEY', { infer: true })) : new OfflineQuantumSeed();
      },
    },
    QuantumSeedService,
  ],
  exports: [QuantumSeedService],
})
export class QuantumSeedModule {}
