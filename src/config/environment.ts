import { QUICKNET_INFO } from '#rng';
import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, Min, validateSync } from 'class-validator';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));

/**
 * Every setting the server reads from the environment, validated once at start-up.
 * Read it through `ConfigService<Environment, true>`; nothing else reads process.env.
 */
export class Environment {
  @IsIn(['production', 'development', 'test'])
  NODE_ENV: 'production' | 'development' | 'test' = 'development';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// or postgresql:// URL' })
  DATABASE_URL?: string;

  /** Where the embedded database and stored files live when nothing else is configured. */
  @IsString()
  DATA_DIR = '.data';

  /**
   * Behind a load balancer: the proxies whose X-Forwarded-For gives the client address that rate limits count
   * by, as a comma-separated list of addresses, CIDR ranges or `loopback`/`uniquelocal`. Empty (the default)
   * trusts none, so a client cannot pick its own address.
   */
  @IsOptional()
  @Matches(/^[0-9A-Za-z.:/,\s]+$/, { message: 'TRUST_PROXY must list addresses or CIDR ranges, e.g. 10.0.0.0/8,loopback' })
  TRUST_PROXY?: string;

  /** Folder of the built client; the server serves it with history fallback when it exists. */
  @IsString()
  CLIENT_DIST_DIR = 'client/dist';

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10_240)
  UPLOAD_LIMIT_MB = 300;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  WINNERS_LIMIT = 1_000_000;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  RANDOM_NUMBER_ROWS_LIMIT = 1_000_000;

  /**
   * A review summary kept elsewhere (a reviews platform's figures), set together with REVIEW_COUNT. Unset, the summary
   * is computed from the reviews shown: the product never states a rating nobody gave.
   */
  @Transform(({ value }) => (value === undefined || value === '' ? undefined : Number(value)))
  @IsOptional()
  @IsNumber()
  @Min(1)
  @Max(5)
  REVIEW_RATING?: number;

  @Transform(toInt)
  @IsOptional()
  @IsInt()
  @Min(0)
  REVIEW_COUNT?: number;

  /** reCAPTCHA-compatible human check. Without a secret the check passes, which only development and tests allow. */
  @IsOptional()
  @IsString()
  RECAPTCHA_SECRET_KEY?: string;

  @IsOptional()
  @IsString()
  RECAPTCHA_SITE_KEY?: string;

  @IsString()
  @Matches(/^https?:\/\/\S+$/, { message: 'RECAPTCHA_VERIFY_URL must be an http(s) URL' })
  RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

  /**
   * Seeds of the free generators come from this quantum random numbers service (ANU's JSON API: GET
   * <url>?length=5&type=hex16&size=16, 4 s timeout) when set; otherwise, and whenever it fails, from the server's
   * CSPRNG, marked as local.
   */
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'QUANTUM_SEED_URL must be an http(s) URL' })
  QUANTUM_SEED_URL?: string;

  /** Sent as x-api-key to the quantum service (ANU's current API requires a key). */
  @IsOptional()
  @IsString()
  QUANTUM_SEED_API_KEY?: string;

  /** Mail goes out over SMTP when set (smtp://user:pass@host:port); otherwise each message is logged. */
  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsString()
  MAIL_FROM = 'FairDraw <no-reply@fairdraw.com>';

  /** Card payments through Stripe when set; the built-in test gateway otherwise. */
  @IsOptional() @IsString() STRIPE_SECRET_KEY?: string;
  @IsOptional() @IsString() STRIPE_WEBHOOK_SECRET?: string;
  /** Only to point the Stripe SDK at a local stub in tests. */
  @IsOptional() @Matches(/^https?:\/\/\S+$/, { message: 'STRIPE_API_URL must be an http(s) URL' }) STRIPE_API_URL?: string;
  @IsOptional() @IsString() STRIPE_PUBLISHABLE_KEY?: string;
  /** Where the browser loads Stripe.js from: Stripe's own URL; tests point it at a local stand-in. Allowed by the CSP only with STRIPE_PUBLISHABLE_KEY. */
  @Matches(/^https?:\/\/\S+$/, { message: 'STRIPE_JS_URL must be an http(s) URL' })
  STRIPE_JS_URL = 'https://js.stripe.com/endive/stripe.js';
  /** A card payment still pending this long (no webhook came) is asked about once more, then marked failed and reported. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(24 * 30)
  PENDING_PAYMENT_SWEEP_HOURS = 72;

  /** Wallet payments through PayPal REST when both are set; the built-in test wallet otherwise. */
  @IsOptional() @IsString() PAYPAL_CLIENT_ID?: string;
  @IsOptional() @IsString() PAYPAL_SECRET?: string;
  @Matches(/^https?:\/\/\S+$/, { message: 'PAYPAL_API_URL must be an http(s) URL' })
  PAYPAL_API_URL = 'https://api-m.paypal.com';
  /** Where the browser loads PayPal's JS SDK from (with PAYPAL_CLIENT_ID); tests point it at a local stand-in. */
  @Matches(/^https?:\/\/\S+$/, { message: 'PAYPAL_SDK_URL must be an http(s) URL' })
  PAYPAL_SDK_URL = 'https://www.paypal.com/sdk/js';

  /** How often each process looks for due draws left scheduled (a crashed process's, a lost job's). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3600)
  DRAW_SWEEP_SECONDS = 15;

  /**
   * The public randomness beacon every draw's seed is mixed with (docs/verification.md): `drand` (the default in
   * production) or `local`, the service's own beacon (the default elsewhere; its certificates say it is not independent).
   */
  @IsOptional() @IsIn(['drand', 'local']) BEACON?: 'drand' | 'local';

  /** drand relays, comma-separated, tried in order. */
  @Matches(/^https?:\/\/[^\s,]+(\s*,\s*https?:\/\/[^\s,]+)*$/, { message: 'DRAND_URLS must list http(s) URLs, comma-separated' })
  DRAND_URLS = 'https://api.drand.sh,https://drand.cloudflare.com,https://api2.drand.sh,https://api3.drand.sh';

  /** The drand chain new draws use (quicknet by default); its info must hash to this. */
  @Matches(/^[0-9a-f]{64}$/, { message: 'DRAND_CHAIN_HASH must be 64 lower-case hexadecimal characters' })
  DRAND_CHAIN_HASH = QUICKNET_INFO.hash;

  /** Seconds between the rounds of the service's own beacon, fixed when its key is made at first start. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(60)
  LOCAL_BEACON_PERIOD_SECONDS = 1;

  /** Tests only: an execution stops before storing its winners (so a test can kill the process mid-draw). */
  @IsOptional()
  @IsIn(['true', 'false'])
  DRAW_PAUSE_BEFORE_COMMIT?: 'true' | 'false';

  /**
   * Where files live: `local` (DATA_DIR/files, one machine) or `s3` (an S3-compatible bucket that every process
   * shares; needed to run more than one process). docs/operations.md lists the settings of each.
   */
  @IsIn(['local', 's3'])
  STORAGE: 'local' | 's3' = 'local';

  @IsOptional()
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots or hyphens)' })
  S3_BUCKET?: string;

  /** Prepended to every object key, so that one bucket can hold several installations (e.g. `fairdraw/`). */
  @IsOptional()
  @Matches(/^([A-Za-z0-9_-][A-Za-z0-9._-]*\/)+$/, { message: 'S3_PREFIX must be folder names ending in /, e.g. fairdraw/' })
  S3_PREFIX?: string;

  @IsString()
  S3_REGION = 'us-east-1';

  /** An S3-compatible service (MinIO, Ceph, R2...); AWS S3 itself when unset. */
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'S3_ENDPOINT must be an http(s) URL' })
  S3_ENDPOINT?: string;

  /** Bucket in the path (http://host/bucket/key) rather than the host name: what most S3-compatible services need. */
  @IsIn(['true', 'false'])
  S3_FORCE_PATH_STYLE: 'true' | 'false' = 'false';

  /** Both or neither; without them the AWS SDK's default chain (AWS_* variables, instance or task role). */
  @IsOptional() @IsString() S3_ACCESS_KEY_ID?: string;
  @IsOptional() @IsString() S3_SECRET_ACCESS_KEY?: string;

  /** Size of the parts of a multipart upload (S3's minimum is 5 MB); a write holds about three parts in memory. */
  @Transform(toInt)
  @IsInt()
  @Min(5)
  @Max(512)
  S3_PART_SIZE_MB = 8;

  /** pino's level for the JSON lines on stdout. */
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace'])
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' = 'info';

  /**
   * On SIGTERM, how long readiness answers 503 while requests are still served, so that the load balancer stops
   * sending new ones before the listener closes (about two health-check intervals).
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(300)
  SHUTDOWN_DELAY_SECONDS = 0;

  /** On SIGTERM, how long requests under way and running jobs get to finish before they are handed back. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(600)
  SHUTDOWN_GRACE_SECONDS = 20;

  /** Signs session cookies; required in production (every process must share it), generated into DATA_DIR otherwise. */
  @IsOptional()
  @IsString()
  @Matches(/^.{32,}$/, { message: 'SESSION_SECRET must be at least 32 characters' })
  SESSION_SECRET?: string;

  /**
   * Keys the digests of entry check values (HMAC-SHA-256): required in production and shared by every process;
   * generated into DATA_DIR otherwise. Changing it makes existing entry checks answer "not found" until re-enabled.
   */
  @IsOptional()
  @IsString()
  @Matches(/^.{32,}$/, { message: 'ENTRY_CHECK_SECRET must be at least 32 characters' })
  ENTRY_CHECK_SECRET?: string;

  /**
   * How long a shared cache (a CDN, a reverse proxy) may serve a drawn draw's public pages and data without asking
   * again (Cache-Control max-age): the most a branding or publication change can take to show there (issue 26).
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3600)
  PUBLIC_CACHE_MAX_AGE_SECONDS = 60;

  /** How long after that a shared cache may still serve its copy while it asks again (stale-while-revalidate). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(86_400)
  PUBLIC_CACHE_STALE_SECONDS = 300;

  /** The address of the site as visitors reach it, for links in e-mails. Defaults to http://localhost:PORT. */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(:\d+)?$/, { message: 'PUBLIC_URL must be an http(s) origin without a path, e.g. https://fairdraw.com' })
  PUBLIC_URL?: string;

  /** Site (issue 13): extra host names the client may run on (comma-separated domains, any subdomain too). */
  @IsOptional() @Matches(/^[a-z0-9.,\s-]+$/i, { message: 'ALLOWED_HOSTNAMES must list host names, e.g. fairdraw.test,example.org' }) ALLOWED_HOSTNAMES?: string;
  /** Where contact-form messages are mailed. */
  @IsString() SUPPORT_EMAIL = 'support@fairdraw.com';
  /** Reviews come from this JSON feed (positional records) when set; from the review table otherwise. */
  @IsOptional() @Matches(/^https?:\/\/\S+$/, { message: 'REVIEWS_FEED_URL must be an http(s) URL' }) REVIEWS_FEED_URL?: string;
  /** Author ids whose reviews are never shown (comma-separated). */
  @IsOptional() @IsString() REVIEWS_DISABLED_AUTHORS?: string;
  /** Up to three content hosts (comma-separated origins) that serve review logos, chosen by the review's index. */
  @IsOptional() @IsString() CONTENT_HOSTS?: string;
  /** Third-party services: nothing loads in the page unless its setting is present. */
  @IsOptional() @Matches(/^G-[A-Z0-9]+$/, { message: 'ANALYTICS_ID must be a Google Analytics 4 measurement id (G-XXXX)' }) ANALYTICS_ID?: string;
  @IsOptional() @Matches(/^https:\/\/\S+$/, { message: 'CHAT_WIDGET_URL must be an https URL' }) CHAT_WIDGET_URL?: string;
}

const OPTIONAL_KEYS = [
  'DATABASE_URL',
  'BEACON',
  'RECAPTCHA_SECRET_KEY',
  'RECAPTCHA_SITE_KEY',
  'SMTP_URL',
  'PUBLIC_URL',
  'SESSION_SECRET',
  'ENTRY_CHECK_SECRET',
  'TRUST_PROXY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_URL',
  'STRIPE_PUBLISHABLE_KEY',
  'PAYPAL_CLIENT_ID',
  'PAYPAL_SECRET',
  'QUANTUM_SEED_URL',
  'QUANTUM_SEED_API_KEY',
  'DRAW_PAUSE_BEFORE_COMMIT',
  'ALLOWED_HOSTNAMES',
  'REVIEWS_FEED_URL',
  'REVIEWS_DISABLED_AUTHORS',
  'CONTENT_HOSTS',
  'ANALYTICS_ID',
  'CHAT_WIDGET_URL',
  'S3_BUCKET',
  'S3_PREFIX',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'REVIEW_RATING',
  'REVIEW_COUNT',
];

export class EnvironmentError extends Error {}

/** Validates raw settings; throws one error listing every bad value so a misconfigured start fails clearly. */
export function validateEnvironment(raw: Record<string, unknown>): Environment {
  const known = Object.keys(new Environment());
  // An empty variable (`DATABASE_URL= npm start`) means unset, as shells and .env files usually intend.
  const picked = Object.fromEntries(Object.entries(raw).filter(([key, value]) => (known.includes(key) || OPTIONAL_KEYS.includes(key)) && value !== '' && value !== undefined));
  const environment = plainToInstance(Environment, picked, { exposeDefaultValues: true });
  const errors = validateSync(environment, { whitelist: true });
  if (errors.length > 0) {
    const problems = errors.map((e) => `${e.property}=${JSON.stringify(picked[e.property])}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    throw new EnvironmentError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  if (environment.DRAW_PAUSE_BEFORE_COMMIT === 'true' && environment.NODE_ENV !== 'test') {
    throw new EnvironmentError('Invalid configuration:\n  DRAW_PAUSE_BEFORE_COMMIT is a test hook and only allowed with NODE_ENV=test.');
  }
  if (environment.STORAGE === 's3' && !environment.S3_BUCKET) {
    throw new EnvironmentError('Invalid configuration:\n  S3_BUCKET is required with STORAGE=s3.');
  }
  // Half a card configuration would show the built-in test checkout (test tokens) in front of a live Stripe account, or
  // Stripe's card fields in front of the test gateway.
  if (!environment.STRIPE_SECRET_KEY !== !environment.STRIPE_PUBLISHABLE_KEY) {
    throw new EnvironmentError('Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY go together: set both or neither.');
  }
  if (!environment.PAYPAL_CLIENT_ID !== !environment.PAYPAL_SECRET) {
    throw new EnvironmentError('Invalid configuration:\n  PAYPAL_CLIENT_ID and PAYPAL_SECRET go together: set both or neither.');
  }
  if (!environment.S3_ACCESS_KEY_ID !== !environment.S3_SECRET_ACCESS_KEY) {
    throw new EnvironmentError('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither.');
  }
  if ((environment.REVIEW_RATING === undefined) !== (environment.REVIEW_COUNT === undefined)) {
    throw new EnvironmentError('Invalid configuration:\n  REVIEW_RATING and REVIEW_COUNT go together: set both or neither.');
  }
  if (environment.NODE_ENV === 'production') {
    const missing = [
      !environment.RECAPTCHA_SECRET_KEY && 'RECAPTCHA_SECRET_KEY is required in production: without it the human check would let every request through.',
      !environment.SESSION_SECRET && 'SESSION_SECRET is required in production: every process must sign sessions with the same secret.',
      !environment.ENTRY_CHECK_SECRET && 'ENTRY_CHECK_SECRET is required in production: every process must key entry check digests with the same secret.',
      !environment.SMTP_URL && 'SMTP_URL is required in production: without it mail would be written to the log, addresses and links included.',
    ].filter(Boolean);
    if (missing.length) throw new EnvironmentError(`Invalid configuration:\n  ${missing.join('\n  ')}`);
  }
  environment.PUBLIC_URL ??= `http://localhost:${environment.PORT}`;
  return environment;
}
