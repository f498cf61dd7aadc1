import { TextInput, type TextInputProps } from '@mantine/core';
import { allowsKey, keepMatching } from '../restrict-to';

export interface RestrictToInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** One character's pattern, e.g. `/[0-9]/`. */
  restrictTo: RegExp;
  value: string;
  onChange: (value: string) => void;
}

/**
 * A text field that refuses characters outside a pattern (part 1 §5 "Other inputs"). Keys are blocked before they
 * land so nothing flickers; the change handler filters too, because paste, drop, autofill and virtual keyboards
 * never go through a key press.
 */
export function RestrictToInput({ restrictTo, value, onChange, onKeyDown, ...props }: RestrictToInputProps) {
  return (
    <TextInput
      {...props}
      value={value}
      onKeyDown={(event) => {
        if (!allowsKey(event, restrictTo)) event.preventDefault();
        onKeyDown?.(event);
      }}
      onChange={(event) => onChange(keepMatching(event.currentTarget.value, restrictTo))}
    />
  );
}
