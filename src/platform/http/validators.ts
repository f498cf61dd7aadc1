import { ValidateBy, ValidateIf, type ValidationOptions } from 'class-validator';

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
 * May be left out, but not sent as null: IsOptional lets null through to columns that hold no null (isAgent: null
 * reached a NOT NULL column). For fields whose absence means "unchanged" and that have no "none" value.
 */
export function IsOmittable(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}
