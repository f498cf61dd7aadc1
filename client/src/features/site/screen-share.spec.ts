import { defaultScreenShareSettings, parseScreenShareSettings } from './screen-share';

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
