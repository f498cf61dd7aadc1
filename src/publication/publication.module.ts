import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Module } from '@nestjs/common';
import { DrawLogModule } from '../draw-log/draw-log.module.js';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment.js';
import { DrawsModule } from '../draws/draws.module.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { EntryCheckController } from './api/entry-check.controller.js';
import { PublicationController } from './api/publication.controller.js';
import { PublicPublicationAnswers } from './api/public-publication-answers.js';
import { DrawColumnsService } from './application/draw-columns.service.js';
import { EndedDrawChecksSweeper } from './application/ended-draw-checks-sweeper.js';
import { EntryCheckProcessingService } from './application/entry-check-processing.service.js';
import { EntryCheckService } from './application/entry-check.service.js';
import { PublicationScheduleService } from './application/publication-schedule.service.js';
import { PublicationService } from './application/publication.service.js';
import { TypeormEntryCheckRepository } from './infrastructure/typeorm-entry-check.repository.js';
import { TypeormPublicationRepository } from './infrastructure/typeorm-publication.repository.js';
import { ENTRY_CHECK_SECRET } from './publication.tokens.js';

/** ENTRY_CHECK_SECRET in production (shared by every process); elsewhere one generated once into DATA_DIR. */
async function entryCheckSecret(config: ConfigService<Environment, true>): Promise<Buffer> {
  const configured = config.get('ENTRY_CHECK_SECRET', { infer: true });
  if (configured) return Buffer.from(configured, 'utf8');
  const dir = config.get('DATA_DIR', { infer: true });
  const file = join(dir, 'entry-check.secret');
  if (existsSync(file)) return Buffer.from((await readFile(file, 'utf8')).trim(), 'utf8');
  await mkdir(dir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, secret + '\n', { mode: 0o600 });
  return Buffer.from(secret, 'utf8');
}

/**
 * Winner publication (setup, publish now or at a date as a job, unpublish, the public winners page) and the entry
 * check (processing as a job into keyed digests, the public check). Reads draws and entries files only through
 * what DrawsModule and UploadsModule export.
 */
@Module({
  imports: [DrawsModule, UploadsModule, DrawLogModule],
  controllers: [PublicationController, EntryCheckController],
  providers: [
    DrawColumnsService,
    PublicPublicationAnswers,
    PublicationService,
    PublicationScheduleService,
    EntryCheckService,
    EntryCheckProcessingService,
    EndedDrawChecksSweeper,
    TypeormPublicationRepository,
    TypeormEntryCheckRepository,
    { provide: ENTRY_CHECK_SECRET, inject: [ConfigService], useFactory: entryCheckSecret },
  ],
})
export class PublicationModule {}
