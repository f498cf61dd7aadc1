import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconBolt, IconCalendarEvent, IconX } from '@tabler/icons-react';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { type DrawResponseDto, useCancelDrawMutation, useRescheduleDrawMutation } from '../../../api/draws-api';
import { useAppSelector } from '../../../lib/hooks';
import { useRouteLink } from '../../../lib/use-route-link';
import { selectUser } from '../../../lib/session/session-slice';
import { FormMessage } from '../../../shared/forms/components/form-message';
import { formErrorsOf, type FormErrors } from '../../../shared/forms/server-errors';
import { defaultRescheduleValue, parseLocalInput, rescheduleError, timeZoneChoices, timeZoneOffsetMinutes, zoneLabel } from '../draw-dates';
import { knownTimeZone } from '../../../../../libs/rules/src/index';
import type { ActionVisibility } from '../../../lib/draws/draw-timing';
import { notifySuccess } from '../../../shared/forms/notify-success';
import { BusyButton } from '../../../shared/busy/busy-button';

const NO_ERRORS: FormErrors<'scheduleDate'> = { fields: {}, form: null };

/**
 * Part 2 §5 Reschedule: a new time in the future, typed as a wall-clock time in a chosen zone (the draw's own by
 * default). The browser's datetime-local field is the date-time input: @mantine/dates is not part of the client.
 */
function RescheduleModal({ draw, opened, onClose, clientSession }: { draw: DrawResponseDto; opened: boolean; onClose: () => void; clientSession: string }) {
  const navigate = useNavigate();
  const link = useRouteLink();
  const [reschedule, { isLoading }] = useRescheduleDrawMutation();
  const startZone = knownTimeZone(draw.scheduleTimeZone);
  const [zone, setZone] = useState(startZone);
  const [value, setValue] = useState(() => defaultRescheduleValue(draw.relevantDate, startZone, Date.now()));
  const [errors, setErrors] = useState(NO_ERRORS);
  const zones = useMemo(() => timeZoneChoices(startZone).map((name) => ({ value: name, label: zoneLabel(name) })), [startZone]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = rescheduleError(value, zone, Date.now());
    if (problem) {
      setErrors({ fields: { scheduleDate: problem }, form: null });
      return;
    }
    const date = parseLocalInput(value, zone)!;
    try {
      await reschedule({
        rescheduleRequestDto: { id: draw.id, clientSession, scheduleDate: date.toISOString(), scheduleTimezone: zone, timeZoneOffset: timeZoneOffsetMinutes(date, zone) },
      }).unwrap();
      onClose();
      // Part 2 §4: the detail page reloads with `rescheduled`.
      void navigate(link('drawDetail', { params: { id: draw.id }, query: { rescheduled: 'true' } }), { replace: true });
    } catch (error) {
      setErrors(formErrorsOf(error, ['scheduleDate'] as const));
    }
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close dialog' }} opened={opened} onClose={onClose} title="Reschedule the draw" centered>
      <form onSubmit={submit} noValidate aria-label="Reschedule the draw">
        <Stack gap="md">
          <Text size="sm" c="gray.8">
            Choose when the draw should take place. It is drawn automatically at that time.
          </Text>
          <TextInput
            type="datetime-local"
            label="New draw time"
            required
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setErrors(NO_ERRORS);
            }}
            error={errors.fields.scheduleDate}
            data-autofocus
          />
          <Select
            label="Time zone"
            data={zones}
            value={zone}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No time zone matches"
            onChange={(next) => {
              if (next) setZone(next);
              setErrors(NO_ERRORS);
            }}
          />
          {errors.form && <FormMessage>{errors.form}</FormMessage>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <BusyButton type="submit" loading={isLoading}>
              Save the new time
            </BusyButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  keepLabel,
  busy,
  danger,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: string;
  confirmLabel: string;
  keepLabel: string;
  busy: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close dialog' }} opened={opened} onClose={busy ? () => undefined : onClose} title={title} centered>
      <Stack gap="md">
        <Text>{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {keepLabel}
          </Button>
          <BusyButton color={danger ? 'red.9' : undefined} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </BusyButton>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The owner's actions on a scheduled draw (part 2 §2, §4): reschedule, draw now and cancel, each shown only while
 * the thresholds allow it (a modal closes when its action stops being allowed). The server checks again and answers
 * a refusal (too late, already drawn) in a notification; the draw is then fetched again either way.
 */
export function DrawOwnerActions({ draw, visible, clientSession }: { draw: DrawResponseDto; visible: ActionVisibility; clientSession: string }) {
  const navigate = useNavigate();
  const link = useRouteLink();
  const user = useAppSelector(selectUser);
  const [open, setOpen] = useState<'reschedule' | 'drawNow' | 'cancel' | null>(null);
  const rescheduleButton = useRef<HTMLButtonElement>(null);
  const [reschedule, { isLoading: drawing }] = useRescheduleDrawMutation();
  const [cancel, { isLoading: cancelling }] = useCancelDrawMutation();
  if (!visible.reschedule && !visible.drawNow && !visible.cancel) return null;

  const drawNow = async () => {
    try {
      await reschedule({ rescheduleRequestDto: { id: draw.id, clientSession, immediateDraw: true } }).unwrap();
      setOpen(null);
      void navigate(link('drawDetail', { params: { id: draw.id }, query: { rescheduled: 'now' } }), { replace: true });
    } catch {
      // The error notification says why; the draw is fetched again and shows what happened.
      setOpen(null);
    }
  };

  const cancelDraw = async () => {
    try {
      await cancel({ drawActionRequestDto: { id: draw.id, clientSession } }).unwrap();
      setOpen(null);
      // Part 2 §4: cancel leads to the draws list. A visitor who made the draw has no list: they stay on the draw.
      if (user) void navigate(link('draws', { query: { cancelled: 'true' } }));
      else notifySuccess('Cancelled', 'The draw has been cancelled.');
    } catch {
      setOpen(null);
    }
  };

  return (
    <Group gap="sm" wrap="wrap" role="group" aria-label="Draw actions">
      {visible.reschedule && (
        <Button ref={rescheduleButton} variant="light" leftSection={<IconCalendarEvent size={18} aria-hidden />} onClick={() => setOpen('reschedule')}>
          Reschedule
        </Button>
      )}
      {visible.drawNow && (
        <Button variant="light" leftSection={<IconBolt size={18} aria-hidden />} onClick={() => setOpen('drawNow')}>
          Draw now
        </Button>
      )}
      {visible.cancel && (
        <Button variant="outline" color="red.9" leftSection={<IconX size={18} aria-hidden />} onClick={() => setOpen('cancel')}>
          Cancel draw
        </Button>
      )}
      {/* Mounted while open only, so each opening starts from the draw's current time. A dialog mounted open does not
          know what had the focus before it, so closing hands the focus back to the button itself. */}
      {open === 'reschedule' && visible.reschedule && (
        <RescheduleModal
          draw={draw}
          opened
          onClose={() => {
            setOpen(null);
            rescheduleButton.current?.focus();
          }}
          clientSession={clientSession}
        />
      )}
      <ConfirmModal
        opened={open === 'drawNow' && visible.drawNow}
        title="Draw now?"
        confirmLabel="Draw now"
        keepLabel="Not yet"
        busy={drawing}
        onConfirm={() => void drawNow()}
        onClose={() => setOpen(null)}
      >
        The winners are drawn straight away instead of at the scheduled time. This cannot be undone.
      </ConfirmModal>
      <ConfirmModal
        opened={open === 'cancel' && visible.cancel}
        title="Cancel this draw?"
        confirmLabel="Cancel the draw"
        keepLabel="Keep the draw"
        busy={cancelling}
        danger
        onConfirm={() => void cancelDraw()}
        onClose={() => setOpen(null)}
      >
        A cancelled draw is never drawn and cannot be restored. If it used a credit, the credit goes back to your account.
      </ConfirmModal>
    </Group>
  );
}
