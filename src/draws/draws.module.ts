import { Logger, Module } from '@nestjs/common';
import { DrawLogModule } from '../draw-log/draw-log.module.js';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Environment } from '../config/environment.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { BeaconModule } from '../platform/beacon/beacon.module.js';
import { SiteModule } from '../site/site.module.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { DraftsController } from './api/drafts.controller.js';
import { DrawActionsController } from './api/draw-actions.controller.js';
import { DrawLifecycleService } from './application/draw-lifecycle.service.js';
import { DrawDownloadsService } from './application/draw-downloads.service.js';
import { UnusedUploadsSweeper } from './application/unused-uploads-sweeper.js';
import { DrawsController } from './api/draws.controller.js';
import { DraftService } from './application/draft.service.js';
import { DrawQueryService } from './application/draw-query.service.js';
import { DrawScheduleService } from './application/draw-schedule.service.js';
import { ExecuteDrawService } from './application/execute-draw.service.js';
import { type DrawExecutionHooks, noExecutionHooks } from './application/ports/draw-execution-hooks.port.js';
import { SubmitDrawService } from './application/submit-draw.service.js';
import { DRAFT_REPOSITORY, DRAW_EXECUTION_HOOKS, DRAW_REPOSITORY, SCRUTINEER_REPOSITORY, WINNER_STORE } from './draws.tokens.js';
import { DrawOrmEntity, DrawPrizeOrmEntity, DrawWinnerOrmEntity } from './infrastructure/draw.orm-entity.js';
import { PublicVersionCache } from './infrastructure/public-version-cache.js';
import { TypeormDrawRepository } from './infrastructure/typeorm-draw.repository.js';

/** The test hook of DRAW_PAUSE_BEFORE_COMMIT (NODE_ENV=test only): announce, then wait for the process to be killed. */
const pauseForever: DrawExecutionHooks = {
  beforeCommit: (drawId) => {
    new Logger('Draws').warn(`draw-paused ${drawId}`);
    return new Promise<void>(() => undefined);
  },
};

@Module({
  imports: [AccountsModule, SiteModule, UploadsModule, BeaconModule, DrawLogModule, TypeOrmModule.forFeature([DrawOrmEntity, DrawPrizeOrmEntity, DrawWinnerOrmEntity])],
  controllers: [DrawsController, DraftsController, DrawActionsController],
  providers: [
    SubmitDrawService,
    ExecuteDrawService,
    DrawScheduleService,
    DrawQueryService,
    DraftService,
    DrawLifecycleService,
    DrawDownloadsService,
    UnusedUploadsSweeper,
    PublicVersionCache,
    { provide: DRAW_REPOSITORY, useClass: TypeormDrawRepository },
    // One table, one adapter: the narrower ports are the same repository.
    { provide: DRAFT_REPOSITORY, useExisting: DRAW_REPOSITORY },
    { provide: SCRUTINEER_REPOSITORY, useExisting: DRAW_REPOSITORY },
    { provide: WINNER_STORE, useExisting: DRAW_REPOSITORY },
    {
      provide: DRAW_EXECUTION_HOOKS,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) => (config.get('DRAW_PAUSE_BEFORE_COMMIT', { infer: true }) === 'true' ? pauseForever : noExecutionHooks),
    },
  ],
  exports: [ExecuteDrawService, DrawQueryService],
})
export class DrawsModule {}
