import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QuantumSeedModule } from '../platform/quantum-seed/quantum-seed.module.js';
import { SiteModule } from '../site/site.module.js';
import { ToolsController } from './api/tools.controller.js';
import { NumbersDownloads } from './application/numbers-downloads.js';
import { RandomNumbersService } from './application/random-numbers.service.js';
import { RngFileSweeper } from './application/rng-file-sweeper.js';
import { SeedService } from './application/seed.service.js';
import { ToolsLimits } from './application/tools-limits.js';
import { RngFileOrmEntity } from './infrastructure/rng-file.orm-entity.js';
import { TypeormRngFileRepository } from './infrastructure/typeorm-rng-file.repository.js';

/** The free tools: the random number and random sequence generators, their seeds and downloads. */
@Module({
  imports: [TypeOrmModule.forFeature([RngFileOrmEntity]), SiteModule, QuantumSeedModule],
  controllers: [ToolsController],
  providers: [RandomNumbersService, SeedService, ToolsLimits, RngFileSweeper, NumbersDownloads, TypeormRngFileRepository],
  exports: [RandomNumbersService],
})
export class ToolsModule {}
