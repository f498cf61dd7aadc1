import { HttpException, HttpStatus } from '@nestjs/common';

/** 429 with the seconds to wait, which the error filter also sends as Retry-After. */
export class TooManyRequestsException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ message }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
