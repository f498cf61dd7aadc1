import { List, Stack, Text } from '@mantine/core';
import { useDates } from '../../../lib/use-dates';
import { drawableEntries, PAYMENT_DEMO } from '../rules';
import type { WizardState } from '../wizard-slice';
import { visitorTimeZone } from './time-step';

const METHOD_LABELS = { simple: 'Number of entries', upload: 'Entries file', uploadAdvanced: 'Entries file with columns' } as const;
const PAYMENT_LABELS: Record<number, string> = { 0: 'One draw', 1: 'A pack of 10 draws', 2: 'One of your credits', 3: 'A pack of 100 draws', [PAYMENT_DEMO]: 'Free demo draw' };

/** What the visitor is about to confirm: every choice of the wizard on one screen. */
export function ConfirmationStep({ draw, hideCount }: { draw: WizardState; hideCount: boolean }) {
  const { dateTime } = useDates();
  const entries = drawableEntries(draw);
  const winners = draw.prizes.reduce((sum, prize) => sum + prize.quantity, 0);
  const when = draw.scheduleOption === 1 && draw.scheduleDate ? `${dateTime(draw.scheduleDate, visitorTimeZone())} (${visitorTimeZone()})` : 'Now';
  return (
    <Stack gap="sm">
      <Text>Please check your draw before you confirm it.</Text>
      <List spacing={4} aria-label="Draw summary">
        <List.Item>
          <strong>Draw:</strong> {draw.name} by {draw.organisation}
          {draw.demoDraw ? ' (demo)' : ''}
        </List.Item>
        {draw.entryMethod && (
          <List.Item>
            <strong>{METHOD_LABELS[draw.entryMethod]}:</strong> {draw.upload ? `${draw.upload.headerFileName}, ` : ''}
            {hideCount || entries === null ? 'hidden' : `${entries.toLocaleString('en')} ${draw.oneWinPerEntrant ? 'entrants' : 'entries'}`}
          </List.Item>
        )}
        <List.Item>
          <strong>Prizes:</strong> {draw.prizes.length} ({winners.toLocaleString('en')} winners)
        </List.Item>
        <List.Item>
          <strong>Draw time:</strong> {when}
        </List.Item>
        {draw.paymentOption !== null && (
          <List.Item>
            <strong>Payment:</strong> {PAYMENT_LABELS[draw.paymentOption]}
          </List.Item>
        )}
      </List>
    </Stack>
  );
}
