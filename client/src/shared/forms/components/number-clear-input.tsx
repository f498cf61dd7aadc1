import type { TextInputProps } from '@mantine/core';
import { numberClearText, numberClearValue } from '../number-clear';
import { RestrictToInput } from './restrict-to-input';

export interface NumberClearInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  value: number;
  onChange: (value: number) => void;
}

const DIGIT = /[0-9]/;

/** A whole-number field that shows empty for 0 and gives 0 back when emptied (part 1 §5 "Other inputs"). */
export function NumberClearInput({ value, onChange, maxLength = 16, ...props }: NumberClearInputProps) {
  return (
    <RestrictToInput inputMode="numeric" autoComplete="off" maxLength={maxLength} {...props} restrictTo={DIGIT} value={numberClearText(value)} onChange={(text) => onChange(numberClearValue(text))} />
  );
}
