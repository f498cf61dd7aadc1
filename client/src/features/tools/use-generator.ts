import { useState } from 'react';
import { type GenerateRandomNumbersRequestDto, type GenerateRandomNumbersResponseDto, useGenerateRandomNumbersMutation, useRequestSeedMutation } from '../../api/tools-api';
import { formErrorsOf, type FormErrors, statusOf } from '../../shared/forms/server-errors';
import type { SeedMode } from './generator-form';
import type { RngRequestInput } from '../../../../libs/rules/src/index';
import { browserSeed } from './seed';
import { useHumanCheck } from '../../lib/site/human-check';

/** Part 2 §9: "5 s minimum between requests"; the server enforces it per visitor, the page explains it. */
export const SECONDS_BETWEEN_REQUESTS = 5;

/** Part 2 §8: the alert shown when the human check fails ('reCAPTCHA is invalid.'). */
const HUMAN_CHECK_FAILED_ALERT = 'An error occurred. Please try again.';

type SeedOrigin = 'quantum' | 'local' | 'own';

export interface Generation {
  response: GenerateRandomNumbersResponseDto;
  request: RngRequestInput;
  seed: string;
  seedOrigin: SeedOrigin;
}

// When this tab last asked for numbers: both generator pages share it, as the server's limit is per visitor.
let lastRequestAt = Number.NEGATIVE_INFINITY;

function secondsToWait(now: number): number {
  return Math.ceil(SECONDS_BETWEEN_REQUESTS - (now - lastRequestAt) / 1000);
}

function retryAfterOf(error: unknown): number {
  const message = (error as { data?: { message?: unknown } })?.data?.message;
  const seconds = typeof message === 'string' ? Number(/in (\d+) s\b/.exec(message)?.[1]) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : SECONDS_BETWEEN_REQUESTS;
}

/**
 * One press of Generate: waits are explained by the modal rather than sent; the seed comes from the visitor, or
 * from the quantum service through the server (which falls back to its CSPRNG), or, when the server cannot be
 * reached, from the browser's CSPRNG; then the numbers are generated and the result step shows.
 */
export function useGenerator<Field extends string>(fields: readonly Field[]) {
  const [generateNumbers, { isLoading: generating }] = useGenerateRandomNumbersMutation();
  const humanCheck = useHumanCheck();
  const [requestSeed, { isLoading: seeding }] = useRequestSeedMutation();
  const [waitSeconds, setWaitSeconds] = useState<number | null>(null);
  const [generation, setGeneration] = useState<Generation | null>(null);

  const generate = async (build: (seed: string) => RngRequestInput, seedChoice: { mode: SeedMode; seed: string }, showErrors: (errors: FormErrors<string>) => void): Promise<void> => {
    const now = Date.now();
    if (secondsToWait(now) > 0) {
      setWaitSeconds(secondsToWait(now));
      return;
    }
    const previousRequestAt = lastRequestAt;
    lastRequestAt = now;
    let seed = seedChoice.seed;
    let seedOrigin: SeedOrigin = 'own';
    if (seedChoice.mode === 'quantum') {
      const outcome = await requestSeed().unwrap();
      if (outcome.outcome === 'tooFrequent') {
        setWaitSeconds(outcome.retryAfterSeconds);
        return;
      }
      if (outcome.outcome === 'issued') {
        seed = outcome.seed;
        seedOrigin = outcome.source;
      } else {
        seed = browserSeed();
        seedOrigin = 'local';
      }
    }
    const request = build(seed);
    try {
      const recaptchaResponse = await humanCheck('generate');
      const response = await generateNumbers({ generateRandomNumbersRequestDto: { ...(request as GenerateRandomNumbersRequestDto), recaptchaResponse } }).unwrap();
      setGeneration({ response, request, seed, seedOrigin });
    } catch (error) {
      if (statusOf(error) === 429) {
        setWaitSeconds(retryAfterOf(error));
        return;
      }
      // The server does not count a request it refused (rules, human check); only the seed it gave counts.
      if (statusOf(error) === 400 && seedChoice.mode === 'own') lastRequestAt = previousRequestAt;
      const modelState = (error as { data?: { modelState?: Record<string, unknown> } })?.data?.modelState;
      if (modelState && 'recaptchaResponse' in modelState) {
        showErrors({ fields: {}, form: HUMAN_CHECK_FAILED_ALERT });
        return;
      }
      showErrors(formErrorsOf(error, fields));
    }
  };

  return {
    generate,
    busy: generating || seeding,
    generation,
    /** Back to the form, keeping its values. */
    clearGeneration: () => setGeneration(null),
    waitSeconds,
    closeWait: () => setWaitSeconds(null),
  };
}
