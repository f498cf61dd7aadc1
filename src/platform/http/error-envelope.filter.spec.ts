import { BadRequestException, ForbiddenException, NotFoundException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  ConflictError,
  NotAllowedError,
  NotFoundError,
  NotSignedInError,
  PaymentRequiredError,
  RuleBrokenError,
  TooLargeError,
  UnavailableError,
  UnsupportedMediaError,
} from '../errors/application-errors.js';
import { ErrorEnvelopeFilter } from './error-envelope.filter.js';

const request = { method: 'POST', url: '/api/draw/submitdraw', routeOptions: { url: '/api/draw/submitdraw' } } as unknown as FastifyRequest;

describe('ErrorEnvelopeFilter', () => {
  const filter = new ErrorEnvelopeFilter();

  it('keeps modelState from validation errors', () => {
    const error = new BadRequestException({ message: 'Count too big.', modelState: { count: ['Count too big.'] } });
    expect(filter.describe(error, request)).toEqual({ status: 400, envelope: { message: 'Count too big.', modelState: { count: ['Count too big.'] } } });
  });

  it('answers Nest exceptions with their status and message only', () => {
    expect(filter.describe(new ForbiddenException('Not your draw.'), request)).toEqual({ status: 403, envelope: { message: 'Not your draw.' } });
    expect(filter.describe(new NotFoundException(), request).envelope).toEqual({ message: 'Not Found' });
  });

  it("maps the application's typed errors to their status, with modelState and a client secret when they have one", () => {
    const cases: [Error, number][] = [
      [new RuleBrokenError('Bad.'), 400],
      [new NotSignedInError('Please log in.'), 401],
      [new PaymentRequiredError('Declined.'), 402],
      [new NotAllowedError('No.'), 403],
      [new NotFoundError('Draw not found.'), 404],
      [new ConflictError('Taken.'), 409],
      [new TooLargeError('Too big.'), 413],
      [new UnsupportedMediaError('Not an image.'), 415],
      [new UnavailableError('Try later.'), 503],
    ];
    for (const [error, status] of cases) expect(filter.describe(error, request)).toEqual({ status, envelope: { message: error.message } });
    expect(filter.describe(new ConflictError('Taken.', { email: ['Taken.'] }), request).envelope).toEqual({ message: 'Taken.', modelState: { email: ['Taken.'] } });
    expect(filter.describe(new PaymentRequiredError('Authenticate.', 'pi_secret'), request).envelope).toEqual({ message: 'Authenticate.', clientSecret: 'pi_secret' });
  });

  it('passes Fastify client errors through with their status', () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    expect(filter.describe(tooLarge, request)).toEqual({ status: 413, envelope: { message: 'Request body is too large' } });
  });

  it("answers the multipart parser's refusals of a body cut short with 400", () => {
    for (const text of ['Unexpected end of multipart data', 'Part terminated early due to unexpected end of multipart data', 'Multipart: Boundary not found']) {
      expect(filter.describe(new Error(text), request)).toEqual({ status: 400, envelope: { message: 'The multipart body is malformed or incomplete.' } });
    }
  });

  it('never leaks an unexpected error: generic message, status 500', () => {
    const logged = jestSpyOnLogger(filter);
    const failure = new Error('relation "draw" does not exist at Query.run (/srv/node_modules/pg/lib/query.js:1:1)');
    expect(filter.describe(failure, request)).toEqual({ status: 500, envelope: { message: 'An unexpected error has occurred.' } });
    expect(logged()).toMatch(/relation "draw" does not exist/);
  });
});

/** Captures what the filter logs instead of printing it. */
function jestSpyOnLogger(filter: ErrorEnvelopeFilter): () => string {
  const lines: string[] = [];
  (filter as unknown as { logger: { error: (line: string) => void } }).logger = { error: (line: string) => lines.push(line) };
  return () => lines.join('\n');
}
