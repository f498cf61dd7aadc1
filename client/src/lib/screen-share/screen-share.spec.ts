import { defaultScreenShareSettings, parseScreenShareSettings, screenShareTimeZone } from './screen-share';

describe('parseScreenShareSettings', () => {
  it('gives the spec defaults when there is no cookie', () => {
    expect(parseScreenShareSettings(undefined)).toMatchObject({
      enabled: false,
      privacyWarnings: true,
      time: true,
      winnerModal: true,
      winnerModalReversePrizes: true,
    });
  });

  it('keeps stored values of the right type and ignores the rest', () => {
    const settings = parseScreenShareSettings(JSON.stringify({ enabled: true, time: 'yes', timezone: 'Australia/Sydney', extra: 1 }));
    expect(settings.enabled).toBe(true);
    expect(settings.time).toBe(true);
    expect(settings.timezone).toBe('Australia/Sydney');
    expect(settings).not.toHaveProperty('extra');
  });

  it('survives a damaged cookie', () => {
    expect(parseScreenShareSettings('{not json')).toEqual(defaultScreenShareSettings());
  });
});

describe('screenShareTimeZone', () => {
  it('is the browser’s zone by default, asked only when a clock shows', () => {
    expect(defaultScreenShareSettings().timezone).toBe('');
    expect(screenShareTimeZone(defaultScreenShareSettings())).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('is the chosen zone once there is one', () => {
    expect(screenShareTimeZone({ ...defaultScreenShareSettings(), timezone: 'Australia/Sydney' })).toBe('Australia/Sydney');
  });
});
