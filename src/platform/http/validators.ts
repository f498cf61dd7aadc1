import { isISO8601, ValidateBy, ValidateIf, type ValidationOptions } from 'class-validator';
import { isKnownTimeZone } from '#rules';

/**
 * An integer JavaScript holds exactly (|n| ≤ 2^53 − 1). class-validator's IsInt accepts 1e308 (an integer to
 * Number.isInteger), which then reached storage keys and SQL OFFSET; every integer of the API uses this instead.
 */
export function IsSafeInt(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isSafeInt',
      validator: {
        validate: (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value),
        defaultMessage: () => '$property must be a whole number.',
      },
    },
    options,
  );
}

/**
 * A date and time in ISO 8601 that JavaScript's Date reads. IsISO8601 (strict) also takes week dates ("2099-W01"),
 * which Date reads as Invalid Date: that passed every time rule (a comparison with NaN is false) and failed at storage
 * with a 500. Every date of the API uses this.
 */
export function IsDateTime(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isDateTime',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isISO8601(value, { strict: true }) && !Number.isNaN(Date.parse(value)),
        defaultMessage: () => '$property must be a date and time in ISO 8601.',
      },
    },
    options,
  );
}

/**
 * A time zone Intl knows. Any text was taken: the draw's pages and certificate then showed UTC while its certificate
 * data named the zone it was given.
 */
export function IsTimeZone(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isTimeZone',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isKnownTimeZone(value),
        defaultMessage: () => '$property must be a time zone such as Australia/Sydney.',
      },
    },
    options,
  );
}

/**
 * May be left out, but not sent as null: IsOptional lets null through to columns that hold no null (isAgent: null
 * reached a NOT NULL column). For fields whose absence means "unchanged" and that have no "none" value.
 */
export function IsOmittable(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}
