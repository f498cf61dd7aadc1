import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApplicationError, type ApplicationErrorKind, PaymentRequiredError } from '../errors/application-errors.js';
import type { ClientFallback } from './client-app.js';
import { type ErrorEnvelope, UNEXPECTED_ERROR_MESSAGE } from './error-envelope.js';
import { TooManyRequestsException } from './too-many-requests.exception.js';

/** Fastify's own errors (bad JSON, body too large, bad content type) carry a statusCode but are no HttpException. */
interface FastifyLikeError {
  statusCode?: number;
  message?: string;
  code?: string;
}

/**
 * The multipart parser's (@fastify/busboy) refusals of a body cut short or without its boundary: plain Errors, known
 * only by their text. They are the client's malformed request, not a server failure.
 */
const MALFORMED_MULTIPART = /^(Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|Multipart: Boundary not found|Boundary required)$/;
const MALFORMED_MULTIPART_MESSAGE = 'The multipart body is malformed or incomplete.';

/** The one mapping of the application's typed errors to HTTP. */
const STATUS_OF: Record<ApplicationErrorKind, HttpStatus> = {
  'rule-broken': HttpStatus.BAD_REQUEST,
  'not-signed-in': HttpStatus.UNAUTHORIZED,
  'payment-required': HttpStatus.PAYMENT_REQUIRED,
  'not-allowed': HttpStatus.FORBIDDEN,
  'not-found': HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  'too-large': HttpStatus.PAYLOAD_TOO_LARGE,
  'unsupported-media': HttpStatus.UNSUPPORTED_MEDIA_TYPE,
  unavailable: HttpStatus.SERVICE_UNAVAILABLE,
};

/**
 * Turns every error into `{message, modelState?}` with its status. Unknown errors are logged with their stack
 * and answered with a generic message: no stack trace or SQL reaches a response.
 */
@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  /** @param clientFallback answers unmatched page URLs with the client app (history fallback). */
  constructor(private readonly clientFallback?: ClientFallback) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    if (exception instanceof NotFoundException && this.clientFallback?.(request, reply)) return;
    const { status, envelope } = this.describe(exception, request);
    if (exception instanceof TooManyRequestsException) void reply.header('Retry-After', String(exception.retryAfterSeconds));
    void reply.status(status).header('Cache-Control', 'no-store').send(envelope);
  }

  describe(exception: unknown, request: FastifyRequest): { status: number; envelope: ErrorEnvelope } {
    if (exception instanceof ApplicationError) return { status: STATUS_OF[exception.kind], envelope: envelopeOfApplicationError(exception) };
    if (exception instanceof HttpException) {
      return { status: exception.getStatus(), envelope: envelopeOf(exception.getResponse(), exception.message) };
    }
    if (exception instanceof Error && MALFORMED_MULTIPART.test(exception.message)) {
      return { status: HttpStatus.BAD_REQUEST, envelope: { message: MALFORMED_MULTIPART_MESSAGE } };
    }
    const fastifyError = exception as FastifyLikeError;
    if (typeof fastifyError?.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      return { status: fastifyError.statusCode, envelope: { message: fastifyError.message ?? 'The request is invalid.' } };
    }
    this.logger.error(
      // The route pattern, not the URL: paths and query strings can hold e-mail addresses and tokens.
      `${request.method} ${request.routeOptions.url ?? '(no route)'} failed: ${exception instanceof Error ? exception.stack : String(exception)}`,
    );
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, envelope: { message: UNEXPECTED_ERROR_MESSAGE } };
  }
}

function envelopeOfApplicationError(error: ApplicationError): ErrorEnvelope {
  const envelope: ErrorEnvelope = error.modelState ? { message: error.message, modelState: error.modelState } : { message: error.message };
  if (error instanceof PaymentRequiredError && error.clientSecret !== undefined) envelope.clientSecret = error.clientSecret;
  return envelope;
}

function envelopeOf(response: string | object, fallback: string): ErrorEnvelope {
  if (typeof response === 'string') return { message: response };
  const body = response as { message?: unknown; modelState?: Record<string, string[]>; clientSecret?: unknown };
  const message = Array.isArray(body.message) ? body.message.join(' ') : typeof body.message === 'string' ? body.message : fallback;
  const envelope: ErrorEnvelope = body.modelState ? { message, modelState: body.modelState } : { message };
  if (typeof body.clientSecret === 'string') envelope.clientSecret = body.clientSecret;
  return envelope;
}
