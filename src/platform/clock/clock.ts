import { Global, Module } from '@nestjs/common';

/** The time, behind a port so that tests of expiry and scheduling control it. */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('CLOCK');

const systemClock: Clock = { now: () => new Date() };

@Global()
@Module({ providers: [{ provide: CLOCK, useValue: systemClock }], exports: [CLOCK] })
export class ClockModule {}
