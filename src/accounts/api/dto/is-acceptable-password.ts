import { applyDecorators } from '@nestjs/common';
import { IsString, Validate, ValidatorConstraint, type ValidationArguments, type ValidatorConstraintInterface } from 'class-validator';
import { loadPasswordPolicy, passwordProblem } from '#password-policy';
import { ACCOUNT_MESSAGES } from '#rules';

/** What the request tells of the person choosing the password: a password must not be made of it. */
function contextOf(object: object): string[] {
  const { email, firstName, lastName } = object as Record<string, unknown>;
  return [email, firstName, lastName].filter((value): value is string => typeof value === 'string');
}

@ValidatorConstraint({ name: 'acceptablePassword', async: true })
class AcceptablePasswordConstraint implements ValidatorConstraintInterface {
  async validate(value: unknown, args: ValidationArguments): Promise<boolean> {
    await loadPasswordPolicy();
    return typeof value === 'string' && passwordProblem(value, contextOf(args.object)) === null;
  }

  defaultMessage(args: ValidationArguments): string {
    return (typeof args.value === 'string' && passwordProblem(args.value, contextOf(args.object))) || ACCOUNT_MESSAGES.password;
  }
}

/** A new password: the rule of libs/password-policy (NIST SP 800-63B), which the client applies too. Never for logging in. */
export function IsAcceptablePassword(): PropertyDecorator {
  // Registered first, checked first: a string before its strength.
  return applyDecorators(IsString({ message: ACCOUNT_MESSAGES.password }), Validate(AcceptablePasswordConstraint));
}
