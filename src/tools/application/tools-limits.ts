import { Injectable } from '@nestjs/common';
import { RateLimitService, type RateLimitPolicy } from '../../platform/rate-limit/rate-limit.service.js';

/** Part 2 §9: "5 s minimum between requests". Recorded in docs/decisions.md ("Generators"). */
const SECONDS_BETWEEN_REQUESTS = 5;

@Injectable()
export class ToolsLimits {
  /** One generation per visitor (address) per 5 s. */
  readonly generationsPerVisitor: RateLimitPolicy;
  /** One seed per visitor per 5 s: each may cost a call to the quantum service. */
  readonly seedsPerVisitor: RateLimitPolicy;
  /** A download regenerates the numbers: 30 per file per minute (the shared download route knows no address). */
  readonly downloadsPerFile: RateLimitPolicy;

  constructor(limits: RateLimitService) {
    const wait = `Too many requests: one every ${SECONDS_BETWEEN_REQUESTS} seconds, please. Try again in {seconds} s.`;
    this.generationsPerVisitor = limits.policy({ name: 'tools-generate', points: 1, windowSeconds: SECONDS_BETWEEN_REQUESTS, message: wait });
    this.seedsPerVisitor = limits.policy({ name: 'tools-seed', points: 1, windowSeconds: SECONDS_BETWEEN_REQUESTS, message: wait });
    this.downloadsPerFile = limits.policy({
      name: 'tools-download',
      points: 30,
      windowSeconds: 60,
      message: 'Too many downloads. Please try again in {seconds} s.',
    });
  }
}
