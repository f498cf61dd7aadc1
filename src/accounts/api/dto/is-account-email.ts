import { applyDecorators } from '@nestjs/common';
import { IsString, MaxLength, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import { ACCOUNT_MESSAGES, EMAIL_MAX_LENGTH, isValidEmail } from '#rules';

@ValidatorConstraint({ name: 'accountEmail' })
class AccountEmailConstraint implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && isValidEmail(value);
  }

  defaultMessage(): string {
    return ACCOUNT_MESSAGES.email;
  }
}

/** The e-mail rule of the domain, with the spec's message. */
export function IsAccountEmail(): PropertyDecorator {
  return applyDecorators(IsString({ message: ACCOUNT_MESSAGES.email }), MaxLength(EMAIL_MAX_LENGTH, { message: ACCOUNT_MESSAGES.email }), Validate(AccountEmailConstraint));
}
