import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import type { ErrorEnvelope } from './error-envelope.js';

/** Flattens class-validator errors into modelState, with dotted paths for nested fields ("prizes.0.quantity"). */
export function toModelState(errors: ValidationError[], parent = ''): Record<string, string[]> {
  const modelState: Record<string, string[]> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) modelState[path] = Object.values(error.constraints);
    if (error.children?.length) Object.assign(modelState, toModelState(error.children, path));
  }
  return modelState;
}

/** The production validation pipe: unknown fields refused, values converted, failures in the error envelope. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const modelState = toModelState(errors);
      const first = Object.values(modelState)[0]?.[0] ?? 'The request is invalid.';
      const envelope: ErrorEnvelope = { message: first, modelState };
      return new BadRequestException(envelope);
    },
  });
}
