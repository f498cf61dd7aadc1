import { Injectable } from '@nestjs/common';
import type { IssuedSeed } from '../../platform/quantum-seed/quantum-seed.port.js';
import { QuantumSeedService } from '../../platform/quantum-seed/quantum-seed.service.js';
import { ToolsLimits } from './tools-limits.js';

/** Seeds for the generator pages: at most one per visitor per 5 s (the page explains the wait in a modal). */
@Injectable()
export class SeedService {
  constructor(
    private readonly limits: ToolsLimits,
    private readonly quantum: QuantumSeedService,
  ) {}

  async issue(visitor: string): Promise<IssuedSeed> {
    await this.limits.seedsPerVisitor.consume(visitor);
    return this.quantum.seed();
  }
}
