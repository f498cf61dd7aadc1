import { Module } from '@nestjs/common';
import { DrawLogController } from './api/draw-log.controller.js';
import { DrawLogService } from './application/draw-log.service.js';
import { TreeHeadSweeper } from './application/tree-head-sweeper.js';
import { DRAW_LOG_SIGNER, DRAW_LOG_STORE } from './draw-log.tokens.js';
import { Ed25519LogSigner } from './infrastructure/ed25519-log-signer.js';
import { TypeormDrawLogStore } from './infrastructure/typeorm-draw-log.store.js';

/** The public, append-only draw log (issue 29): the draws and publication modules append, certificates prove. */
@Module({
  controllers: [DrawLogController],
  providers: [DrawLogService, TreeHeadSweeper, { provide: DRAW_LOG_STORE, useClass: TypeormDrawLogStore }, { provide: DRAW_LOG_SIGNER, useClass: Ed25519LogSigner }],
  exports: [DrawLogService],
})
export class DrawLogModule {}
