import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useRouteLink } from '../../../lib/use-route-link';

/** What the page hands to `?success=true` after a purchase (lost on a reload, when the summary below still tells). */
export interface PurchaseSuccessState {
  credits: number;
  remainingCredits: number;
  invoiceNumber: number | null;
  amountLabel: string;
}

export function isPurchaseSuccessState(value: unknown): value is PurchaseSuccessState {
  return typeof value === 'object' && value !== null && 'remainingCredits' in value && 'credits' in value;
}

/** `/account/buycredits/?success=true` (part 1 §2): the purchase is done, with the balance and the invoice. */
export function PurchaseSuccess({ purchase }: { purchase: PurchaseSuccessState | null }) {
  const link = useRouteLink();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} role="status">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="xl" color="green.9" aria-hidden>
            <IconCircleCheck size={24} />
          </ThemeIcon>
          <Title order={2} fz={{ base: 22, sm: 26 }}>
            Thank you, your credits are ready
          </Title>
        </Group>
        {purchase ? (
          <>
            <Text size="lg">
              You paid {purchase.amountLabel} for {purchase.credits} credits. You now have <strong>{purchase.remainingCredits} unused credits</strong>.
            </Text>
            {purchase.invoiceNumber !== null && (
              <Text>
                Your invoice number is <strong>{purchase.invoiceNumber}</strong>; download it from your invoices below.
              </Text>
            )}
          </>
        ) : (
          <Text size="lg">Your purchase is complete. Your credits and invoices are below.</Text>
        )}
        <Group gap="sm" mt="xs">
          <Button component={Link} to={link('home')}>
            Run a draw
          </Button>
          <Button component={Link} to={link('buyCredits')} variant="default">
            Buy more credits
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
