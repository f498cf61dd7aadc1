import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { ConfigService } from '@nestjs/config';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Environment } from '../../config/environment.js';

/**
 * Issue 26: a public answer made once and sent as often as asked. Its body, its strong ETag (a digest of the body, so
 * equal answers of any process carry equal tags) and each compressed variant are computed once, the variant when
 * first asked for; sending it costs no rendering, serialising or compressing.
 */
export interface PublicAnswer {
  readonly body: Buffer;
  readonly contentType: string;
  readonly etag: string;
  /** False for a body already compressed (a PDF): sent as it is whatever the request accepts. */
  readonly compressible: boolean;
  br?: Buffer;
  gzip?: Buffer;
}

export function publicAnswer(body: string | Buffer, contentType: string, compressible = true): PublicAnswer {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
  return { body: bytes, contentType, etag, compressible };
}

/** A JSON answer as Nest would have serialised the value. */
export function publicJsonAnswer(value: unknown): PublicAnswer {
  return publicAnswer(JSON.stringify(value), 'application/json; charset=utf-8');
}

/**
 * Who may keep an answer: `shared` caches (a CDN, a reverse proxy, the browser) for `maxAgeSeconds`, then serve it
 * `staleSeconds` more while they ask again; or only the visitor's browser, asking every time (what depends on the
 * visitor: the owner's view, previews, a signed-in page).
 */
export type CachePolicy = { shared: true; maxAgeSeconds: number; staleSeconds: number } | { shared: false };

export const PRIVATE_ANSWER: CachePolicy = { shared: false };

export function cacheControlOf(policy: CachePolicy): string {
  if (!policy.shared) return 'private, no-cache';
  // Any cache may keep it but must ask every time (a 304 when unchanged).
  if (policy.maxAgeSeconds <= 0) return 'no-cache';
  return `public, max-age=${policy.maxAgeSeconds}${policy.staleSeconds > 0 ? `, stale-while-revalidate=${policy.staleSeconds}` : ''}`;
}

/**
 * An API answer that does not say who may keep it says `private, no-store`: what it holds may be the caller's own (a
 * session's or an API key's, the owner's view of a draw), and a shared cache given a default lifetime (a CDN's) must
 * not keep it for others. The public answers, and routes with a policy of their own, say theirs.
 */
export function markApiAnswersPrivate(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    // By the route that answered, not the address as sent: the router decodes it, so `/%61pi/account/get` is that route.
    const path = request.routeOptions.url ?? request.url;
    if (path.startsWith('/api/') && !reply.hasHeader('Cache-Control')) void reply.header('Cache-Control', 'private, no-store');
    done(null, payload);
  });
}

/** The configured lifetimes of a drawn draw's public answers (PUBLIC_CACHE_MAX_AGE_SECONDS, PUBLIC_CACHE_STALE_SECONDS). */
export interface PublicCacheSettings {
  maxAgeSeconds: number;
  staleSeconds: number;
}

/** The configured lifetimes of the draws' public answers. */
export function publicCacheSettings(config: ConfigService<Environment, true>): PublicCacheSettings {
  return { maxAgeSeconds: config.get('PUBLIC_CACHE_MAX_AGE_SECONDS', { infer: true }), staleSeconds: config.get('PUBLIC_CACHE_STALE_SECONDS', { infer: true }) };
}

/**
 * The policy of a draw's public answers: a drawn (or ended) draw's for the configured time; a draw still to be drawn
 * only until its time comes (its countdown), and never stale, since drawing it changes what it shows; once its
 * time has passed and it is not yet drawn, revalidated on every use.
 */
export function drawCachePolicy(draw: { state: string; scheduleDate: Date }, now: Date, settings: PublicCacheSettings): CachePolicy {
  if (draw.state !== 'scheduled') return { shared: true, ...settings };
  const left = Math.floor((draw.scheduleDate.getTime() - now.getTime()) / 1000);
  return { shared: true, maxAgeSeconds: Math.max(0, Math.min(settings.maxAgeSeconds, left)), staleSeconds: 0 };
}

const ENCODINGS = new Negotiator({ supportedValues: ['br', 'gzip'] });

/** Brotli, else gzip, as the request's Accept-Encoding prefers them (a q=0 refuses). */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  return (acceptEncoding && ENCODINGS.negotiate(acceptEncoding)) || undefined;
}

/**
 * The answer's body in an encoding, compressed on first use and kept. Brotli at 9 and gzip at 9: done once per answer,
 * so the smallest result that still costs milliseconds, not the hundreds Brotli's 11 takes on a large page.
 */
function encodedBody(answer: PublicAnswer, encoding: 'br' | 'gzip'): Buffer {
  answer[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(answer.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: answer.body.length } })
      : gzipSync(answer.body, { level: 9 });
  return answer[encoding];
}

/** Whether If-None-Match names this tag (weak comparison, as RFC 9110 §13.1.2 has it for If-None-Match). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The strong tag of the answer sent in an encoding: each encoding is a representation of its own (RFC 9110 §8.8.3). */
function encodedEtag(answer: PublicAnswer, encoding: 'br' | 'gzip' | undefined): string {
  return encoding ? `${answer.etag.slice(0, -1)}-${encoding}"` : answer.etag;
}

/**
 * Sends the answer (or 304 when the request holds it already) with its ETag, policy and encoding. A 304 confirms only
 * the copy in the encoding this request would get: a cache holding the Brotli copy, asking for a client that takes
 * none, gets the plain body. An answer other than a 2xx (a 404 page) ignores If-None-Match (RFC 9110 §13.2.1).
 */
export function sendPublicAnswer(request: FastifyRequest, reply: FastifyReply, answer: PublicAnswer, policy: CachePolicy): FastifyReply {
  const encoding = answer.compressible ? preferredEncoding(request.headers['accept-encoding']) : undefined;
  const etag = encodedEtag(answer, encoding);
  void reply.header('ETag', etag).header('Cache-Control', cacheControlOf(policy));
  if (answer.compressible) void reply.header('Vary', 'Accept-Encoding');
  if (reply.statusCode < 300 && matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  void reply.type(answer.contentType);
  if (!encoding) return reply.send(answer.body);
  return reply.header('Content-Encoding', encoding).send(encodedBody(answer, encoding));
}

/**
 * Values kept per key for one version each (a draw's public version, read from the database on every use), the least
 * recently used dropped once their total weight passes `limit`: 1 each, unless `weigh` says more once a value is
 * made (a draw view's winners, say). A value is never served for another version than it was made for, so no process
 * serves an answer older than the database's; concurrent first uses of a version make it once.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, { version: string; value: Promise<T>; weight: number }>();
  private weight = 0;

  constructor(
    private readonly limit: number,
    private readonly weigh: (value: T) => number = () => 1,
  ) {}

  get(key: string, version: string, make: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    const entry = this.entries.get(key);
    if (entry?.version === version) {
      // A Map iterates in insertion order: moved to the end, the first is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value;
    }
    const value = make();
    // Weighs 1 until made.
    const made = { version, value, weight: 1 };
    this.drop(key);
    this.entries.set(key, made);
    this.weight += made.weight;
    this.trim(key);
    // A failure, or a value not to be kept (one that changes with the time), is made again on next use.
    value.then(
      (result) => {
        if (this.entries.get(key) !== made) return;
        if (!keep(result)) return this.drop(key);
        const weight = this.weigh(result);
        this.weight += weight - made.weight;
        made.weight = weight;
        this.trim(key);
      },
      () => {
        if (this.entries.get(key) === made) this.drop(key);
      },
    );
    return value;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }

  /** Drops the least recently used values other than `kept` until their total weight is within the limit. */
  private trim(kept: string): void {
    for (const key of this.entries.keys()) {
      if (this.weight <= this.limit) return;
      if (key !== kept) this.drop(key);
    }
  }
}
