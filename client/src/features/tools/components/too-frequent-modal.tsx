import { Button, Group, Modal, Text } from '@mantine/core';
import { SECONDS_BETWEEN_REQUESTS } from '../use-generator';

/** Part 2 §4 and §8: a seed requested within 5 s of the previous request, or numbers generated too often. */
export function TooFrequentModal({ seconds, onClose }: { seconds: number | null; onClose: () => void }) {
  return (
    // No fade: the explanation answers a click at once, and a half-faded text reads below the 4.5:1 contrast.
    <Modal opened={seconds !== null} onClose={onClose} title="One moment, please" centered closeButtonProps={{ 'aria-label': 'Close' }} transitionProps={{ duration: 0 }}>
      <Text>To keep the quantum seeds and the generator available to everyone, you can make one request every {SECONDS_BETWEEN_REQUESTS} seconds.</Text>
      <Text mt="sm" fw={600}>
        Please wait {seconds ?? SECONDS_BETWEEN_REQUESTS} {seconds === 1 ? 'second' : 'seconds'} and try again.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
}
