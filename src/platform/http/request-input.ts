import { BadRequestException } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import type { ErrorEnvelope } from './error-envelope.js';

/** Deeper than any request of the API (a draw's prizes are 3 levels); far below what breaks class-transformer. */
export const MAX_INPUT_DEPTH = 64;

export const INPUT_MESSAGES = {
  tooDeep: `The request is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`,
  badText: 'Text must not contain NUL characters or unpaired surrogates.',
  notFinite: 'Numbers must be finite.',
} as const;

export interface InputProblem {
  /** The field as modelState names it: dotted path from the top ("prizes.0.description"), "body" for the whole body. */
  field: string;
  message: string;
}

/**
 * Text PostgreSQL cannot store (NUL) or that is no Unicode at all (a lone surrogate, which no UTF-8 encoder can
 * write). Both crashed storage and rendering deep inside use cases.
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

// Code units, not code points (no u flag): a high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The first problem in a parsed request part (body, query or path parameters) that no field rule should ever have to
 * meet: nesting beyond MAX_INPUT_DEPTH, text that cannot be stored, numbers that are not finite (JSON's 1e400).
 * Walks with its own stack, so a 500,000-deep body cannot overflow the call stack.
 */
export function findInputProblem(value: unknown, root?: string): InputProblem | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  const fieldOf = (path: string[]) => (root ? [root, ...path] : path).join('.') || 'body';
  while (stack.length) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return { field: fieldOf(path), message: INPUT_MESSAGES.badText };
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current)) return { field: fieldOf(path), message: INPUT_MESSAGES.notFinite };
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      // The field holding the nesting is named, not the 64-step path inside it.
      if (path.length >= MAX_INPUT_DEPTH) return { field: Array.isArray(value) ? fieldOf([]) : fieldOf(path.slice(0, 1)), message: INPUT_MESSAGES.tooDeep };
      for (const [key, child] of Object.entries(current)) {
        if (!isStorableText(key)) return { field: fieldOf(path), message: INPUT_MESSAGES.badText };
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return undefined;
}

/**
 * Refuses, with 400 and the field in modelState, any request whose body, query or path parameters hold what
 * findInputProblem finds: before guards, pipes and class-transformer see it, on every route (login's guard included).
 */
export function refuseUnusableInput(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (request) => {
    const problem = findInputProblem(request.params) ?? findInputProblem(request.query) ?? (request.body === undefined ? undefined : findInputProblem(request.body));
    if (problem) {
      const envelope: ErrorEnvelope = { message: problem.message, modelState: { [problem.field]: [problem.message] } };
      throw new BadRequestException(envelope);
    }
  });
}
