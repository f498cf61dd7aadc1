import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { SiteConfigurationService } from '../../site/application/site-configuration.service.js';
import { newRngFileId, RNG_FILE_TTL_MS, type RngFile, rngFileName, parseRngDownloadName } from '../domain/rng-file.js';
import { generateRng, RNG_ALGORITHM_VERSION } from '../domain/rng-generation.js';
import { histogramOf, type HistogramBin, previewOf, type RngFileFormat, type RngPreview, resultText } from '../domain/rng-output.js';
import { checkRngRequest, type RngRequest, type RngRequestInput } from '../domain/rng-rules.js';
import { RNG_FILE_REPOSITORY } from '../tools.tokens.js';
import type { RngFileRepository } from './ports/rng-file.repository.port.js';
import { ToolsLimits } from './tools-limits.js';

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
  /** The file's text in chunks of about 64 KiB. */
  chunks: Iterable<string>;
}

const CONTENT_TYPES: Record<RngFileFormat, string> = { csv: 'text/csv; charset=utf-8', txt: 'text/plain; charset=utf-8' };

/** The random number and random sequence generators (part 2 §2 "Generators", §5, §7). */
@Injectable()
export class RandomNumbersService {
  constructor(
    @Inject(RNG_FILE_REPOSITORY) private readonly files: RngFileRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly limits: ToolsLimits,
    private readonly site: SiteConfigurationService,
  ) {}

  /** Every rule of part 2 §5; the results limit is the site setting randomNumberRowsLimit. */
  async check(input: RngRequestInput): Promise<RngRequest> {
    const { randomNumberRowsLimit } = await this.site.currentSettings();
    const verdict = checkRngRequest(input, randomNumberRowsLimit);
    if (verdict.ok) return verdict.request;
    const message = Object.values(verdict.modelState)[0]?.[0] ?? 'The request is invalid.';
    throw new BadRequestException({ message, modelState: verdict.modelState });
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
    return { fileName: rngFileName(request.mode, file.id), expiresAt: file.expiresAt, total: result.total, preview, histogram };
  }

  /**
   * The whole result of a stored request, regenerated from its seed, as CSV or TXT text; null when the name is
   * not one of ours, unknown or expired.
   */
  async openDownload(name: string): Promise<RngDownload | null> {
    const wanted = parseRngDownloadName(name);
    if (!wanted) return null;
    await this.limits.downloadsPerFile.consume(wanted.id);
    const file = await this.files.findUnexpired(wanted.id, this.clock.now());
    if (!file || file.request.mode !== wanted.mode || file.algorithm !== RNG_ALGORITHM_VERSION) return null;
    const result = generateRng(file.request);
    return { fileName: name, contentType: CONTENT_TYPES[wanted.format], chunks: resultText(result, wanted.format) };
  }

  /** Forgets expired requests (their links answer 404 from the moment they expire anyway). */
  sweepExpired(): Promise<number> {
    return this.files.deleteExpired(this.clock.now());
  }
}
