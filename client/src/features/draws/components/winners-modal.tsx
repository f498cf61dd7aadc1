import { Modal, Stack, Text } from '@mantine/core';
import type { DrawResponseDto } from '../../../api/draws-api';
import { prizesInOrder } from '../../../lib/draws/prize-view';
import { PrizeCard } from './prize-list';

/**
 * Part 2 §2 winners modal: every prize with its winners, large, for announcing them (screen-share settings may run
 * the prizes from last to first, so the main prize comes last).
 */
export function WinnersModal({ draw, opened, onClose, reversePrizes, hideColumns }: { draw: DrawResponseDto; opened: boolean; onClose: () => void; reversePrizes: boolean; hideColumns: boolean }) {
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close dialog' }} opened={opened} onClose={onClose} title={`Winners of ${draw.name}`} size="xl" fullScreen={false} centered>
      <Stack gap="sm">
        <Text c="gray.8">
          Drawn by FairDraw for {draw.organisation}. Draw ID #{draw.displayId}.
        </Text>
        {prizesInOrder(draw.prizes, reversePrizes).map(({ prize, number }) => (
          <PrizeCard key={number} prize={prize} number={number} drawn hideColumns={hideColumns} headingLevel={3} />
        ))}
      </Stack>
    </Modal>
  );
}
