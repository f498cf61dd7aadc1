import { runDraw } from '#draw-engine';
import { type CertifiedSeed, checkSeed, createSeededSource } from '#rng';
import { DEFAULT_BRANDING } from '#rules';
import type TestAgent from 'supertest/lib/agent.js';

export function simpleDraw(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Spring giveaway',
    organisation: 'Acme Pty Ltd',
    entryMethod: 'simple',
    entriesCount: 500,
    prizes: [
      { description: 'Bike', quantity: 1, reserves: 1 },
      { description: '', quantity: 3, reserves: 0 },
    ],
    paymentOption: 4,
    scheduleOption: 0,
    scheduleTimezone: 'Australia/Sydney',
    ...overrides,
  };
}

/** A paid draw of the agent's customer, scheduled an hour ahead (credits bought with the test card first). */
export async function scheduledPaidDraw(agent: TestAgent): Promise<string> {
  await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
  const submitted = await agent
    .post('/api/draw/submitdraw/')
    .send(simpleDraw({ paymentOption: 2, scheduleOption: 1, scheduleDate: new Date(Date.now() + 3_600_000).toISOString() }))
    .expect(200);
  return submitted.body as string;
}

/** A certificate's branding as `POST /api/draw/branding` takes it: the plain look, with the given fields changed. */
export function plainBranding(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...DEFAULT_BRANDING, images: {}, ...overrides };
}

export interface DrawView extends CertifiedSeed {
  entryCount: number;
  oneWinPerEntrant: boolean;
  prizes: { quantity: number; reserves: number; winners: { entryNumber: number }[]; reserveWinners: { entryNumber: number }[] }[];
}

/**
 * What anyone can do with a certificate: check the published seeds against the commitment and the beacon round (libs/rng
 * `checkSeed`), re-run the published engine on the same input and get the same winners. Answers the expected entry
 * numbers per prize.
 */
export function rerun(draw: DrawView): { winners: number[]; reserves: number[] }[] {
  const { checks, seed } = checkSeed(draw);
  const failed = checks.filter((check) => !check.ok);
  if (!seed || failed.length > 0) throw new Error(`The seed does not verify: ${failed.map((check) => `${check.name}: ${check.detail}`).join('; ')}`);
  const outcome = runDraw(
    { entryCount: draw.entryCount, prizes: draw.prizes.map(({ quantity, reserves }) => ({ quantity, reserves })), oneWinPerEntrant: draw.oneWinPerEntrant },
    createSeededSource(seed),
  );
  return outcome.prizes.map((prize) => ({ winners: prize.winners.map((row) => row + 1), reserves: prize.reserves.map((row) => row + 1) }));
}

export function drawnNumbers(draw: DrawView): { winners: number[]; reserves: number[] }[] {
  return draw.prizes.map((prize) => ({ winners: prize.winners.map((w) => w.entryNumber), reserves: prize.reserveWinners.map((w) => w.entryNumber) }));
}
