import { prerenderedPageApplies } from './client-app.js';
import { preferredEncoding } from './public-answers.js';

describe('prerendered pages', () => {
  const domains = ['fairdraw.com', 'fairdraw.com.au'];

  it('apply only on a host the client starts on, without a country of its own', () => {
    expect(prerenderedPageApplies('localhost', undefined, domains, [])).toBe(true);
    expect(prerenderedPageApplies('www.fairdraw.com', undefined, domains, [])).toBe(true);
    expect(prerenderedPageApplies('WWW.FAIRDRAW.COM.AU', undefined, domains, [])).toBe(true);
    expect(prerenderedPageApplies('staging.fairdraw.test', undefined, domains, ['fairdraw.test'])).toBe(true);
    expect(prerenderedPageApplies('fairdraw.com.evil.example', undefined, domains, [])).toBe(false);
    expect(prerenderedPageApplies('evilfairdraw.com', undefined, domains, [])).toBe(false);
    expect(prerenderedPageApplies('au.fairdraw.com', undefined, domains, [])).toBe(false);
    expect(prerenderedPageApplies('uk.localhost', undefined, domains, [])).toBe(false);
  });

  it('apply only without a cookie that changes the first render', () => {
    expect(prerenderedPageApplies('localhost', 'fairdraw.sid=abc; listconfig=1', domains, [])).toBe(true);
    expect(prerenderedPageApplies('localhost', 'fairdraw.sid=abc; currency=GBP', domains, [])).toBe(false);
    expect(prerenderedPageApplies('localhost', 'screenshare=%7B%7D', domains, [])).toBe(false);
    expect(prerenderedPageApplies('localhost', 'mycurrency=GBP', domains, [])).toBe(true);
  });

  it('are sent in Brotli, else gzip, as the request accepts', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
