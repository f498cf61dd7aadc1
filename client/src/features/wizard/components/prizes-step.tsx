import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { NumberClearInput } from '../../../shared/forms/components/number-clear-input';
import { DEMO_MAX_PRIZES } from '../../../../../libs/rules/src/index';
import { drawableEntries, MAX_PRIZES_ADDED_AT_ONCE } from '../rules';
import { wizardActions } from '../wizard-slice';
import type { StepProps } from './step-props';
import classes from './wizard.module.css';

export function PrizesStep({ draw, dispatch, errors }: StepProps) {
  const [adding, setAdding] = useState(1);
  const entries = drawableEntries(draw);
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.8">
        Each prize has a number of winners and, if you like, reserves drawn in case a winner cannot be contacted.
        {entries !== null ? ` The draw has ${entries.toLocaleString('en')} ${draw.oneWinPerEntrant ? 'entrants' : 'entries'}.` : ''}
        {draw.demoDraw ? ` A demo draw has at most ${DEMO_MAX_PRIZES} prizes.` : ''}
      </Text>
      <Stack gap="sm" component="ol" className={classes.prizeList} aria-label="Prizes">
        {draw.prizes.map((prize, index) => (
          <li key={index} className={classes.prizeRow}>
            <TextInput
              className={classes.prizeDescription}
              label={`Prize ${index + 1} description`}
              placeholder={`Prize ${index + 1}`}
              maxLength={500}
              value={prize.description}
              onChange={(event) => dispatch(wizardActions.prizeChanged({ index, prize: { description: event.currentTarget.value } }))}
            />
            <NumberClearInput
              className={classes.prizeNumber}
              label="Winners"
              aria-label={`Prize ${index + 1} winners`}
              value={prize.quantity}
              onChange={(quantity) => dispatch(wizardActions.prizeChanged({ index, prize: { quantity } }))}
              error={errors[`prizes.${index}.quantity`]}
            />
            <NumberClearInput
              className={classes.prizeNumber}
              label="Reserves"
              aria-label={`Prize ${index + 1} reserves`}
              value={prize.reserves}
              onChange={(reserves) => dispatch(wizardActions.prizeChanged({ index, prize: { reserves } }))}
              error={errors[`prizes.${index}.reserves`]}
            />
            <ActionIcon variant="subtle" color="red.8" size="lg" mt={26} aria-label={`Remove prize ${index + 1}`} onClick={() => dispatch(wizardActions.prizeRemoved(index))}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </li>
        ))}
      </Stack>
      {errors.prizes && (
        <Text size="sm" c="red.8" role="alert">
          {errors.prizes}
        </Text>
      )}
      <Group gap="sm" align="flex-end">
        <NumberClearInput w={120} label="Prizes to add" description={`1 to ${MAX_PRIZES_ADDED_AT_ONCE}`} maxLength={2} value={adding} onChange={setAdding} />
        <Button variant="default" leftSection={<IconPlus size={18} aria-hidden />} onClick={() => dispatch(wizardActions.prizesAdded(adding || 1))}>
          {adding > 1 ? `Add ${Math.min(adding, MAX_PRIZES_ADDED_AT_ONCE)} prizes` : 'Add a prize'}
        </Button>
      </Group>
    </Stack>
  );
}
