import { Group, Radio, Stack, Text } from '@mantine/core';
import type { EntryMethod } from '../rules';
import { wizardActions } from '../wizard-slice';
import type { StepProps } from './step-props';

const METHODS: { value: EntryMethod; label: string; description: string }[] = [
  { value: 'simple', label: 'Enter the number of entries', description: 'Entries are numbered 1 to N; winners are drawn by number.' },
  { value: 'upload', label: 'Upload an entries file', description: 'A txt, csv, tsv or zip file with one entry per row.' },
  {
    value: 'uploadAdvanced',
    label: 'Upload an entries file with ticket counts or entrant ids',
    description: 'Weight entrants by a number of entries column, or allow one win per entrant.',
  },
];

export function EntryMethodStep({ draw, dispatch, errors }: StepProps) {
  return (
    <Radio.Group
      label="How will you enter the entries?"
      required
      value={draw.entryMethod ?? ''}
      onChange={(value) => dispatch(wizardActions.entryMethodChosen(value as EntryMethod))}
      error={errors.entryMethod}
    >
      <Stack gap="sm" mt="xs">
        {METHODS.map((method) => (
          <Radio.Card key={method.value} value={method.value} p="md" radius="md">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator />
              <Stack gap={2}>
                <Text fw={600}>{method.label}</Text>
                <Text size="sm" c="gray.8">
                  {method.description}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}
