import { Stack, TextInput } from '@mantine/core';
import { wizardActions } from '../wizard-slice';
import type { StepProps } from './step-props';

export function NameStep({ draw, dispatch, errors }: StepProps) {
  return (
    <Stack gap="md">
      <TextInput
        label="Name of the draw"
        description="As it will appear on the certificate, e.g. Summer Giveaway 2026"
        required
        maxLength={200}
        value={draw.name}
        onChange={(event) => dispatch(wizardActions.fieldChanged({ field: 'name', value: event.currentTarget.value }))}
        error={errors.name}
      />
      <TextInput
        label="Organisation running the draw"
        required
        maxLength={200}
        autoComplete="organization"
        value={draw.organisation}
        onChange={(event) => dispatch(wizardActions.fieldChanged({ field: 'organisation', value: event.currentTarget.value }))}
        error={errors.organisation}
      />
    </Stack>
  );
}
