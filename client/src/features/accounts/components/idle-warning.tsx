import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useAppSelector } from '../../../lib/hooks';
import { selectSessionEnding, selectUser } from '../../../lib/session/session-slice';
import { ACTIVITY_THROTTLE_MS, createIdleTimer, IDLE_LOGOUT_AFTER_WARNING_MS, IDLE_WARNING_AFTER_MS, type IdleTimer, secondsLeft, type TimerHost } from '../session-timing';
import { useEndSession } from '../../../lib/session/use-end-session';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart'] as const;

/** Activity in one tab keeps the others alive: an idle tab's logout would otherwise end the busy tab's session. */
const SHARED_ACTIVITY_KEY = 'fairdraw.lastActivity';

const browserHost: TimerHost = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/**
 * Part 1 §4: after 29 minutes without mouse or keyboard activity a warning with a static backdrop counts down
 * 60 s; without an answer the user is logged out for inactivity.
 */
export function IdleWarning() {
  const loggedIn = useAppSelector((state) => selectUser(state) !== null);
  const ending = useAppSelector(selectSessionEnding);
  const endSession = useEndSession();
  const timer = useRef<IdleTimer | null>(null);
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!loggedIn || ending) {
      setDeadline(null);
      return;
    }
    const idle = createIdleTimer({
      idleMs: IDLE_WARNING_AFTER_MS,
      throttleMs: ACTIVITY_THROTTLE_MS,
      host: browserHost,
      onIdle: () => setDeadline(Date.now() + IDLE_LOGOUT_AFTER_WARNING_MS),
    });
    timer.current = idle;
    let lastShared = 0;
    const onActivity = () => {
      idle.activity();
      if (Date.now() - lastShared >= ACTIVITY_THROTTLE_MS) {
        lastShared = Date.now();
        try {
          window.localStorage.setItem(SHARED_ACTIVITY_KEY, String(lastShared));
        } catch {
          // Without storage each tab keeps its own clock.
        }
      }
    };
    const onOtherTab = (event: StorageEvent) => {
      if (event.key !== SHARED_ACTIVITY_KEY) return;
      setDeadline(null);
      idle.restart();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { capture: true, passive: true });
    window.addEventListener('storage', onOtherTab);
    return () => {
      idle.stop();
      timer.current = null;
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      window.removeEventListener('storage', onOtherTab);
    };
  }, [loggedIn, ending]);

  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    // The deadline, not a count of ticks, decides: timers in a background tab are slowed to once a minute.
    const handle = window.setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= deadline) {
        window.clearInterval(handle);
        void endSession('inactive');
      }
    }, 1000);
    return () => window.clearInterval(handle);
  }, [deadline, endSession]);

  const stay = () => {
    setDeadline(null);
    timer.current?.restart();
  };

  const seconds = deadline === null ? 0 : secondsLeft(deadline, now);
  return (
    <Modal opened={deadline !== null && !ending} onClose={stay} closeOnClickOutside={false} closeOnEscape={false} withCloseButton={false} centered title="Are you still there?" zIndex={3000}>
      <Stack gap="md">
        <Text>
          You have been inactive for a while. For your security you will be logged out in{' '}
          <Text component="span" fw={700}>
            {seconds} {seconds === 1 ? 'second' : 'seconds'}
          </Text>
          .
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void endSession('true')}>
            Log out now
          </Button>
          <Button onClick={stay} data-autofocus>
            Stay logged in
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
