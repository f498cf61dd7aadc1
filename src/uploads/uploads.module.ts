import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SiteModule } from '../site/site.module.js';
import { DrawEntriesController } from './api/draw-entries.controller.js';
import { UploadRateLimits } from './api/upload-rate-limits.js';
import { UploadsController } from './api/uploads.controller.js';
import { AdvancedProcessingService } from './application/advanced-processing.service.js';
import { EntriesIndexService } from './application/entries-index.service.js';
import { EntriesStorage } from './application/entries-storage.js';
import { InspectEntriesService } from './application/inspect-entries.service.js';
import { OrphanUploadFilesSweeper } from './application/orphan-upload-files-sweeper.js';
import { UploadEntriesFileService } from './application/upload-entries-file.service.js';
import { UploadLookup } from './application/upload-lookup.js';
import { UploadRetentionService } from './application/upload-retention.service.js';
import { TypeormUploadRepository } from './infrastructure/typeorm-upload.repository.js';
import { UploadOrmEntity } from './infrastructure/upload.orm-entity.js';

/**
 * Entries files: upload (streamed to the storage port), confirmation, advanced processing, and the entries index
 * the draws module runs the engine on (EntriesIndexService). Needs the global StorageModule.
 */
@Module({
  imports: [TypeOrmModule.forFeature([UploadOrmEntity]), SiteModule],
  controllers: [UploadsController, DrawEntriesController],
  providers: [
    UploadEntriesFileService,
    InspectEntriesService,
    AdvancedProcessingService,
    EntriesIndexService,
    EntriesStorage,
    UploadLookup,
    UploadRateLimits,
    UploadRetentionService,
    OrphanUploadFilesSweeper,
    TypeormUploadRepository,
  ],
  exports: [EntriesIndexService, UploadRetentionService],
})
export class UploadsModule {}
