import { Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useLookupDrawMutation } from '../../../api/draws-api';
import { useRouteLink } from '../../../lib/use-route-link';
import { FormMessage } from '../../../shared/forms/components/form-message';
import { FormPage } from '../../../shared/forms/components/form-page';
import { formErrorsOf, statusOf } from '../../../shared/forms/server-errors';
import { cleanLookupId, LOOKUP_MESSAGES } from '../lookup-id';
import { useHumanCheck } from '../../../lib/site/human-check';
import { BusyButton } from '../../../shared/busy/busy-button';

/** /lookup/ (public; query id): part 2 §2 Lookup, §5 its rule, §8 'Draw not found.'. */
export default function LookupPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const link = useRouteLink();
  const [lookup, { isLoading }] = useLookupDrawMutation();
  const humanCheck = useHumanCheck();
  const [value, setValue] = useState(() => searchParams.get('id') ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.querySelector<HTMLInputElement>('input[name="lookupId"]');
    setFormError(null);
    const cleaned = cleanLookupId(value);
    if (!cleaned) {
      setFieldError(LOOKUP_MESSAGES.invalid);
      input?.focus();
      return;
    }
    try {
      const recaptchaResponse = await humanCheck('lookup');
      const found = await lookup({ lookupRequestDto: { lookupId: cleaned, recaptchaResponse } }).unwrap();
      void navigate(link('drawDetail', { params: { id: found.id } }));
    } catch (error) {
      const status = statusOf(error);
      const modelState = (error as { data?: { modelState?: Record<string, unknown> } })?.data?.modelState;
      if (status === 404) setFieldError(LOOKUP_MESSAGES.notFound);
      else if (modelState && 'recaptchaResponse' in modelState) setFormError(LOOKUP_MESSAGES.humanCheck);
      else {
        // Shown as returned: the server's own wording for a bad id, or the rate limit's wait.
        const errors = formErrorsOf(error, ['lookupId'] as const);
        setFieldError(errors.fields.lookupId ?? null);
        setFormError(errors.form);
      }
      input?.focus();
    }
  };

  return (
    <FormPage title="Look up a draw" intro="Enter the 12-digit ID of a draw, as shown on its certificate, to see the draw and its winners.">
      <form onSubmit={submit} noValidate aria-label="Look up a draw">
        <Stack gap="md">
          <TextInput
            name="lookupId"
            label="Draw ID"
            description="For example #1A2B3C4D5E6F; spaces and the # are optional."
            placeholder="#1A2B3C4D5E6F"
            required
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError}
          />
          {formError && <FormMessage>{formError}</FormMessage>}
          <BusyButton type="submit" loading={isLoading} fullWidth size="md">
            Find the draw
          </BusyButton>
          <Text size="sm" c="gray.8">
            Anyone with the ID can see a draw&apos;s winners by entry number; the entrants&apos; details stay private.
          </Text>
        </Stack>
      </form>
    </FormPage>
  );
}
