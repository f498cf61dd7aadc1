import { Radio, Stack, Text, TextInput } from '@mantine/core';
import { fromLocalInputValue, scheduleYearRange, toLocalInputValue } from '../rules';
import { wizardActions } from '../wizard-slice';
import type { StepProps } from './step-props';

/** The visitor's time zone, shown beside the picker and sent with the draw as scheduleTimezone. */
export function visitorTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function TimeStep({ draw, dispatch, errors }: StepProps) {
  const now = new Date();
  const range = scheduleYearRange(now);
  const scheduled = draw.scheduleDate ? new Date(draw.scheduleDate) : null;
  return (
    <Stack gap="md">
      <Radio.Group
        label="When should the draw run?"
        required
        value={String(draw.scheduleOption)}
        onChange={(value) => dispatch(wizardActions.scheduleOptionChosen({ option: value === '1' ? 1 : 0, now: new Date().toISOString() }))}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="0" label="Now" />
          <Radio value="1" label={draw.demoDraw ? 'At a later time (within 15 minutes for a demo draw)' : 'At a later time'} />
        </Stack>
      </Radio.Group>
      {draw.scheduleOption === 1 && (
        <TextInput
          type="datetime-local"
          label="Draw date and time"
          description={`Your time zone: ${visitorTimeZone()}`}
          required
          // Seconds allowed: a draw may be due a few seconds ahead.
          step={1}
          min={toLocalInputValue(range.min)}
          max={toLocalInputValue(range.max)}
          value={scheduled && !Number.isNaN(scheduled.getTime()) ? toLocalInputValue(scheduled) : ''}
          onChange={(event) => {
            const date = fromLocalInputValue(event.currentTarget.value);
            dispatch(wizardActions.fieldChanged({ field: 'scheduleDate', value: date ? date.toISOString() : null }));
          }}
          error={errors.scheduleDate}
        />
      )}
      {draw.scheduleOption === 0 && (
        <Text size="sm" c="gray.8">
          The draw runs as soon as you confirm it.
        </Text>
      )}
    </Stack>
  );
}
