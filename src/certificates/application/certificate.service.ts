import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { DrawQueryService } from '../../draws/application/draw-query.service.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { drawCachePolicy, type PublicAnswer, publicAnswer, type PublicCacheSettings, publicCacheSettings, VersionedCache } from '../../platform/http/public-answers.js';
import { type DownloadCaller, DownloadRegistry } from '../../platform/downloads/downloads.js';
import { UUID_PATTERN } from '../../platform/http/patterns.js';
import { FILE_STORAGE, type FileStorage } from '../../platform/storage/file-storage.port.js';
import { IMAGE_SLOTS, serialiseBranding } from '#rules';
import { BrandingService } from './branding.service.js';
import { CertificateFactsService } from './certificate-facts.service.js';
import { certificateKeys } from './certificate-keys.js';
import { CERTIFICATE_LAYOUT_VERSION, renderCertificatePdf } from './certificate-pdf.js';
import { readStoredFile, writeStoredFile } from '../../platform/storage/stored-files.js';
import { mayAct, OWNERSHIP, userCaller } from '../../platform/ownership/ownership.js';

/** How many draws' public PDFs (some 50-200 kB each) a process keeps. */
const PUBLIC_PDFS_KEPT = 200;

export type CertificateKind = 'certificate' | 'certificatewinners';

/**
 * The certificate PDFs of drawn draws, as the `certificate` (no winners: anyone with the draw id) and
 * `certificatewinners` (the winners' entry numbers: the owner or an administrator) downloads. Each is rendered once
 * per content (facts, branding, layout) and kept in file storage.
 */
@Injectable()
export class CertificateService implements OnModuleInit {
  /** The public PDFs (no winners) last asked for, by draw, for the draw's public version (issue 26). */
  private readonly publicPdfs = new VersionedCache<{ fileName: string; answer: PublicAnswer } | null>(PUBLIC_PDFS_KEPT);
  private readonly settings: PublicCacheSettings;

  constructor(
    private readonly facts: CertificateFactsService,
    private readonly branding: BrandingService,
    private readonly downloads: DownloadRegistry,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly draws: DrawQueryService,
    @Inject(CLOCK) private readonly clock: Clock,
    config: ConfigService<Environment, true>,
  ) {
    this.settings = publicCacheSettings(config);
  }

  onModuleInit(): void {
    this.downloads.register({ kind: 'certificate', open: (id) => this.publicDownload(id) });
    this.downloads.register({ kind: 'certificatewinners', open: (id, caller) => this.download(id, caller, 'certificatewinners') });
  }

  /** The certificate without winners: anyone's with the draw id, so one answer per version for everyone. */
  private async publicDownload(id: string) {
    const version = UUID_PATTERN.test(id) ? await this.draws.publicVersion({ id }) : null;
    if (!version || version.state !== 'drawn') return null;
    const made = await this.publicPdfs.get(
      id,
      version.version,
      async () => {
        const file = await this.download(id, undefined, 'certificate');
        return file && { fileName: file.fileName, answer: publicAnswer(file.body, file.contentType, false) };
      },
      (value) => value !== null,
    );
    if (!made) return null;
    const { fileName, answer } = made;
    return { fileName, contentType: answer.contentType, body: answer.body, shared: { answer, policy: drawCachePolicy(version, this.clock.now(), this.settings) } };
  }

  private async download(id: string, caller: DownloadCaller | undefined, kind: CertificateKind) {
    if (!UUID_PATTERN.test(id)) return null;
    const found = await this.facts.byId(id);
    if (!found || found.facts.state !== 'drawn') return null;
    if (kind === 'certificatewinners' && (!caller || !mayAct(userCaller(caller), found.draw, OWNERSHIP.drawDownload))) return null;
    const body = await this.pdf(id, kind);
    if (!body) return null;
    const suffix = kind === 'certificate' ? '' : '-winners';
    return { fileName: `FairDraw-certificate${suffix}-${found.facts.displayId}.pdf`, contentType: 'application/pdf', body };
  }

  /** The PDF of a drawn draw (null otherwise), from storage when this content was rendered before. */
  async pdf(drawId: string, kind: CertificateKind): Promise<Buffer | null> {
    const found = await this.facts.byId(drawId);
    if (!found || found.facts.state !== 'drawn') return null;
    // An image replaced by another of the same file name leaves the branding as it was: its bytes name the content.
    const { branding, images } = await this.branding.withImages(drawId);
    const imageDigests = IMAGE_SLOTS.map((slot) => {
      const bytes = images.get(slot);
      return bytes ? createHash('sha256').update(bytes).digest('hex') : null;
    });
    const fingerprint = createHash('sha256')
      .update(JSON.stringify({ layout: CERTIFICATE_LAYOUT_VERSION, facts: found.facts, branding: serialiseBranding(branding), images: imageDigests }))
      .digest('hex')
      .slice(0, 32);
    const key = certificateKeys(drawId).pdf(kind, fingerprint);
    const stored = await readStoredFile(this.storage, key);
    if (stored) return stored;
    const pdf = await renderCertificatePdf({
      facts: found.facts,
      branding,
      withWinners: kind === 'certificatewinners',
      image: async (slot) => images.get(slot) ?? null,
    });
    await writeStoredFile(this.storage, key, pdf);
    return pdf;
  }
}
