import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DownloadRegistry } from '../../platform/downloads/downloads.js';
import { RandomNumbersService } from './random-numbers.service.js';

/** The download kind of the generators. */
const NUMBERS_DOWNLOAD_KIND = 'numbers';

/**
 * `/download/numbers/<fileName>.csv|.txt` on the shared download route: a public link (the 128-bit name is the
 * secret), streamed from the storage port. Unknown, expired or malformed names answer 404.
 */
@Injectable()
export class NumbersDownloads implements OnModuleInit {
  constructor(
    private readonly downloads: DownloadRegistry,
    private readonly numbers: RandomNumbersService,
  ) {}

  onModuleInit(): void {
    this.downloads.register({
      kind: NUMBERS_DOWNLOAD_KIND,
      open: (name) => this.numbers.openDownload(name),
    });
  }
}
