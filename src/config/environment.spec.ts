import { EnvironmentError, validateEnvironment } from './environment.js';

describe('validateEnvironment', () => {
  it('applies the defaults of the spec when nothing is set', () => {
    expect(validateEnvironment({})).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATA_DIR: '.data',
      UPLOAD_LIMIT_MB: 300,
      WINNERS_LIMIT: 1_000_000,
      RANDOM_NUMBER_ROWS_LIMIT: 1_000_000,
    });
    const environment = validateEnvironment({});
    expect(environment.REVIEW_RATING).toBeUndefined();
    expect(environment.REVIEW_COUNT).toBeUndefined();
  });

  it('takes a review summary only as a rating and a count together', () => {
    expect(validateEnvironment({ REVIEW_RATING: '4.8', REVIEW_COUNT: '120' })).toMatchObject({ REVIEW_RATING: 4.8, REVIEW_COUNT: 120 });
    expect(() => validateEnvironment({ REVIEW_RATING: '4.8' })).toThrow(/REVIEW_RATING and REVIEW_COUNT go together/);
    expect(() => validateEnvironment({ REVIEW_RATING: '0', REVIEW_COUNT: '3' })).toThrow(/REVIEW_RATING="0"/);
  });

  it('takes card and wallet credentials only in pairs, so that no test checkout fronts a live account', () => {
    expect(() => validateEnvironment({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY go together/);
    expect(() => validateEnvironment({ STRIPE_PUBLISHABLE_KEY: 'pk_live_x' })).toThrow(/STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY go together/);
    expect(() => validateEnvironment({ PAYPAL_CLIENT_ID: 'client' })).toThrow(/PAYPAL_CLIENT_ID and PAYPAL_SECRET go together/);
    expect(validateEnvironment({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' }).STRIPE_JS_URL).toBe('https://js.stripe.com/endive/stripe.js');
  });

  it('converts numeric settings and keeps DATABASE_URL', () => {
    const environment = validateEnvironment({ PORT: '8080', UPLOAD_LIMIT_MB: '50', DATABASE_URL: 'postgres://u:p@db:5432/fairdraw' });
    expect(environment.PORT).toBe(8080);
    expect(environment.UPLOAD_LIMIT_MB).toBe(50);
    expect(environment.DATABASE_URL).toBe('postgres://u:p@db:5432/fairdraw');
  });

  it('names every bad value in one clear error', () => {
    const attempt = () => validateEnvironment({ PORT: 'eighty', NODE_ENV: 'staging', DATABASE_URL: 'mysql://x' });
    expect(attempt).toThrow(EnvironmentError);
    expect(attempt).toThrow(/PORT="eighty"/);
    expect(attempt).toThrow(/NODE_ENV="staging"/);
    expect(attempt).toThrow(/DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/);
  });

  it('treats an empty variable as unset', () => {
    expect(validateEnvironment({ DATABASE_URL: '', PORT: '' })).toMatchObject({ DATABASE_URL: undefined, PORT: 3000 });
  });

  it('ignores unrelated variables of the environment', () => {
    expect(() => validateEnvironment({ PATH: '/usr/bin', HOME: '/root' })).not.toThrow();
  });

  it('requires the entry check secret in production, of at least 32 characters', () => {
    const production = { NODE_ENV: 'production', RECAPTCHA_SECRET_KEY: 'key', SESSION_SECRET: 's'.repeat(32), SMTP_URL: 'smtp://mail.example.com:587' };
    expect(() => validateEnvironment(production)).toThrow(/ENTRY_CHECK_SECRET is required in production/);
    expect(() => validateEnvironment({ ...production, ENTRY_CHECK_SECRET: 'short' })).toThrow(/ENTRY_CHECK_SECRET must be at least 32 characters/);
    expect(validateEnvironment({ ...production, ENTRY_CHECK_SECRET: 'e'.repeat(32) }).ENTRY_CHECK_SECRET).toBe('e'.repeat(32));
  });
});
