import { Readable } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { FILE_STORAGE, type FileStorage } from '../../platform/storage/file-storage.port.js';
import { writeStoredFile } from '../../platform/storage/stored-files.js';
import { SiteConfigurationService } from '../../site/application/site-configuration.service.js';
import { newRngFileId, RNG_FILE_FORMATS, RNG_FILE_TTL_MS, type RngFile, rngFileName, parseRngDownloadName, rngResultKey } from '../domain/rng-file.js';
import { generateRng, RNG_ALGORITHM_VERSION, type RngResult } from '../domain/rng-generation.js';
import { histogramOf, type HistogramBin, previewOf, type RngFileFormat, type RngPreview, resultText } from '../domain/rng-output.js';
import { checkRngRequest, type RngRequest, type RngRequestInput } from '#rules';
import { TypeormRngFileRepository } from '../infrastructure/typeorm-rng-file.repository.js';
import { ToolsLimits } from './tools-limits.js';
import { RuleBrokenError } from '../../platform/errors/application-errors.js';

export interface RngGeneration {
  /** `random-numbers-<id>` or `random-sequence-<id>`: download at /download/numbers/<fileName>.csv or .txt. */
  fileName: string;
  expiresAt: Date;
  /** How many numbers were generated. */
  total: number;
  preview: RngPreview;
  /** The distribution of every number generated; empty for a sequence. */
  histogram: HistogramBin[];
}

export interface RngDownload {
  fileName: string;
  contentType: string;
  body: Readable;
}

const CONTENT_TYPES: Record<RngFileFormat, string> = { csv: 'text/csv; charset=utf-8', txt: 'text/plain; charset=utf-8' };
/** Expired files removed per round of a sweep. */
const SWEEP_BATCH = 500;

/** The random number and random sequence generators (part 2 §2 "Generators", §5, §7). */
@Injectable()
export class RandomNumbersService {
  private readonly logger = new Logger('RngFiles');

  constructor(
    private readonly files: TypeormRngFileRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly limits: ToolsLimits,
    private readonly site: SiteConfigurationService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** Every rule of part 2 §5; the results limit is the site setting randomNumberRowsLimit. */
  async check(input: RngRequestInput): Promise<RngRequest> {
    const { randomNumberRowsLimit } = await this.site.currentSettings();
    const verdict = checkRngRequest(input, randomNumberRowsLimit);
    if (verdict.ok) return verdict.request;
    const message = Object.values(verdict.modelState)[0]?.[0] ?? 'The request is invalid.';
    throw new RuleBrokenError(message, verdict.modelState);
  }

  /** Generates (at most one request per visitor per 5 s), keeps the request for the download, answers a preview. */
  async generate(request: RngRequest, visitor: string): Promise<RngGeneration> {
    await this.limits.generationsPerVisitor.consume(visitor);
    const result = generateRng(request);
    const preview = previewOf(result, request.mode);
    const histogram = request.mode === 'numbers' ? histogramOf(result, request.lower, request.upper) : [];
    const now = this.clock.now();
    const file: RngFile = { id: newRngFileId(), request, algorithm: RNG_ALGORITHM_VERSION, createdAt: now, expiresAt: new Date(now.getTime() + RNG_FILE_TTL_MS) };
    await this.files.save(file);
    await this.storeResult(file.id, result);
    return { fileName: rngFileName(request.mode, file.id), expiresAt: file.expiresAt, total: result.total, preview, histogram };
  }

  /**
   * The result's files behind the storage port. The request is already saved, so a failed write loses nothing: the
   * download then regenerates the same numbers from the seed, at a cost in CPU, and the failure is logged.
   */
  private async storeResult(id: string, result: RngResult): Promise<void> {
    try {
      await Promise.all(RNG_FILE_FORMATS.map((format) => writeStoredFile(this.storage, rngResultKey(id, format), resultText(result, format))));
    } catch (error) {
      this.logger.warn(`Storing generator result ${id} failed; its downloads will regenerate it: ${String(error)}`);
    }
  }

  /**
   * The whole result of a stored request as CSV or TXT: the stored file, or when there is none (a failed write), the
   * numbers regenerated from the seed by the same algorithm. Null when the name is not one of ours, unknown or expired.
   */
  async openDownload(name: string): Promise<RngDownload | null> {
    const wanted = parseRngDownloadName(name);
    if (!wanted) return null;
    await this.limits.downloadsPerFile.consume(wanted.id);
    const file = await this.files.findUnexpired(wanted.id, this.clock.now());
    if (!file || file.request.mode !== wanted.mode) return null;
    const download = { fileName: name, contentType: CONTENT_TYPES[wanted.format] };
    const key = rngResultKey(file.id, wanted.format);
    if (await this.storage.stat(key)) return { ...download, body: this.storage.createReadStream(key) };
    if (file.algorithm !== RNG_ALGORITHM_VERSION) return null;
    return { ...download, body: Readable.from(resultText(generateRng(file.request), wanted.format), { objectMode: false }) };
  }

  /**
   * Forgets expired requests and their files (their links answer 404 from the moment they expire anyway). The files
   * go first: a sweep cut short leaves an expired request that the next sweep finds again, never an orphaned file.
   */
  async sweepExpired(): Promise<number> {
    let swept = 0;
    for (;;) {
      const ids = await this.files.findExpiredIds(this.clock.now(), SWEEP_BATCH);
      if (ids.length === 0) return swept;
      for (const id of ids) await Promise.all(RNG_FILE_FORMATS.map((format) => this.storage.delete(rngResultKey(id, format))));
      await this.files.deleteByIds(ids);
      swept += ids.length;
    }
  }
}
