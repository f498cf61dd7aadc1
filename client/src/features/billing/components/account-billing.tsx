import { Button } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useRouteLink } from '../../../lib/use-route-link';
import { CreditsSummary } from './credits-summary';
import { InvoicesPanel } from './invoices-panel';

/** Billing on the account page: the credits summary with a way to buy more, and the invoices. */
export function AccountBilling() {
  const link = useRouteLink();
  return (
    <>
      <CreditsSummary
        action={
          <Button component={Link} to={link('buyCredits')} variant="light" size="sm" leftSection={<IconCoins size={16} aria-hidden />}>
            Buy credits
          </Button>
        }
      />
      <InvoicesPanel />
    </>
  );
}
