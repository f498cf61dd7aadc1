import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormErrors } from './server-errors';

const NO_ERRORS: FormErrors<string> = { fields: {}, form: null };

/**
 * Plain controlled form state: values, one message per field and one for the form. Editing a field clears its
 * message; showing messages moves the keyboard focus to the first field that has one, so a keyboard user lands
 * where the work is.
 */
export function useForm<Values extends object>(initial: Values | (() => Values)) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FormErrors<string>>(NO_ERRORS);
  const [shown, setShown] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (shown === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [shown]);

  const setField = useCallback(<Key extends keyof Values>(key: Key, value: Values[Key]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current.fields[key as string] ? { ...current, fields: { ...current.fields, [key]: undefined } } : current));
  }, []);

  const showErrors = useCallback((next: FormErrors<string>) => {
    setErrors(next);
    setShown((count) => count + 1);
  }, []);

  const clearErrors = useCallback(() => setErrors(NO_ERRORS), []);

  return { values, setValues, setField, errors, showErrors, clearErrors, formRef };
}
