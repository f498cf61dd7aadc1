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

  @Transform(({ value }) => (value === undefined || value === '' ? undefined : Number(value)))
  @IsNumber()
  @Min(0)
  @Max(5)
  REVIEW_RATING = 5.0;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  REVIEW_COUNT = 33;

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
}

const OPTIONAL_KEYS = ['DATABASE_URL', 'RECAPTCHA_SECRET_KEY', 'RECAPTCHA_SITE_KEY'];

export class EnvironmentError extends Error {}

/** Validates raw settings; throws one error listing every bad value so a misconfigured start fails clearly. */
export function validateEnvironment(raw: Record<string, unknown>): Environment {
  const known = Object.keys(new Environment());
  // An empty variable (`DATABASE_URL= npm start`) means unset, as shells and .env files usually intend.
  const picked = Object.fromEntries(
    Object.entries(raw).filter(([key, value]) => (known.includes(key) || OPTIONAL_KEYS.includes(key)) && value !== '' && value !== undefined),
  );
  const environment = plainToInstance(Environment, picked, { exposeDefaultValues: true });
  const errors = validateSync(environment, { whitelist: true });
  if (errors.length > 0) {
    const problems = errors.map((e) => `${e.property}=${JSON.stringify(picked[e.property])}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    throw new EnvironmentError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  if (environment.NODE_ENV === 'production' && !environment.RECAPTCHA_SECRET_KEY) {
    throw new EnvironmentError('Invalid configuration:\n  RECAPTCHA_SECRET_KEY is required in production: without it the human check would let every request through.');
  }
  return environment;
}
