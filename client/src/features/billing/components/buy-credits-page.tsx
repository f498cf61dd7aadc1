import { Alert, Button, Container, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBrandPaypal, IconCreditCard } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { PurchaseOutcome } from '../../../api/billing-api';
import { useRouteLink } from '../../../lib/use-route-link';
import { useAnalytics } from '../../../shared/analytics/analytics-context';
import { CURRENCY_NAMES, formatMoney, isCurrency } from '../../../lib/site/currency';
import { useSiteConfiguration } from '../../../lib/site/use-site-currency';
import { BUY_CREDITS_CHECKOUT_SCRIPT_TIMEOUT_MS } from '../../../lib/checkout/checkout-script';
import { PACK_CREDITS, type PackOption, packOffer } from '../../../lib/checkout/packs';
import { stripeSettingsOf } from '../../../lib/checkout/stripe-js';
import { purchaseEvent, trackWithRetry } from '../tracking';
import { CardCheckoutForm } from '../../../shared/checkout/card-checkout-form';
import { CreditsSummary } from './credits-summary';
import { InvoicesPanel } from './invoices-panel';
import { PackChoice } from './pack-choice';
import { paypalSettingsOf } from '../../../shared/checkout/paypal-buttons';
import { StripeCheckoutForm } from './stripe-checkout-form';
import { isPurchaseSuccessState, PurchaseSuccess, type PurchaseSuccessState } from './purchase-success';
import { WalletCheckout } from '../../../shared/checkout/wallet-checkout';
import classes from './billing.module.css';

/** /account/buycredits/ (private; query success): buy a pack of 10 or 100 credits by card or wallet. */
export default function BuyCreditsPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const link = useRouteLink();
  const analytics = useAnalytics();
  const { data: site, isError, refetch } = useSiteConfiguration();
  const [paymentOption, setPaymentOption] = useState<PackOption>(1);
  const [method, setMethod] = useState<string | null>('card');

  const prices = site?.prices;
  const stripe = useMemo(() => stripeSettingsOf(site?.payments), [site?.payments]);
  const paypal = useMemo(() => paypalSettingsOf(site?.payments), [site?.payments]);
  const currency = prices && isCurrency(prices.currency) ? prices.currency : undefined;
  const amountLabel = prices ? formatMoney(packOffer(prices, paymentOption).amount, prices.currency) : undefined;

  if (searchParams.get('success') === 'true') {
    const purchase = isPurchaseSuccessState(location.state) ? (location.state as PurchaseSuccessState) : null;
    return (
      <Container size="md" px="md" py={{ base: 24, sm: 48 }} className={classes.page}>
        <Stack gap="lg">
          <Title order={1}>Buy credits</Title>
          <PurchaseSuccess purchase={purchase} />
          <CreditsSummary />
          <InvoicesPanel />
        </Stack>
      </Container>
    );
  }

  const paid = (outcome: PurchaseOutcome, transactionId: string) => {
    if (prices) {
      const event = purchaseEvent({ paymentOption, isBuyCreditsOnly: true, demoDraw: false }, prices, transactionId);
      void trackWithRetry(() => analytics.event('purchase', event));
    }
    const state: PurchaseSuccessState = {
      credits: PACK_CREDITS[paymentOption],
      remainingCredits: outcome.remainingCredits,
      invoiceNumber: outcome.invoiceNumber,
      amountLabel: amountLabel ?? '',
    };
    void navigate(link('buyCredits', { query: { success: 'true' } }), { state });
  };

  const checkout = { paymentOption, currency, amountLabel, onPaid: paid };
  return (
    <Container size="md" px="md" py={{ base: 24, sm: 48 }} className={classes.page}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Buy credits</Title>
          <Text c="gray.8">
            Each credit pays for one certified draw, and bought credits last 24 months. Prices are in {currency ? `${CURRENCY_NAMES[currency]}s (${currency})` : 'your currency'}; change the currency
            at the top of the page.
          </Text>
        </Stack>
        <CreditsSummary />
        {isError && !site && (
          <Alert color="red" variant="light" role="alert" title="The prices could not be loaded">
            <Text size="sm" mb="xs">
              Please check your connection.
            </Text>
            <Button size="xs" variant="white" color="red.9" onClick={() => void refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="xl">
            <PackChoice prices={prices} value={paymentOption} onChange={setPaymentOption} />
            <Stack gap="xs">
              <Text component="h2" className={classes.stepLabel}>
                Pay
              </Text>
              <Tabs value={method} onChange={setMethod} keepMounted>
                <Tabs.List>
                  <Tabs.Tab value="card" leftSection={<IconCreditCard size={18} aria-hidden />}>
                    Card
                  </Tabs.Tab>
                  <Tabs.Tab value="wallet" leftSection={<IconBrandPaypal size={18} aria-hidden />}>
                    PayPal
                  </Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="card" pt="md">
                  {stripe ? (
                    <StripeCheckoutForm {...checkout} settings={stripe} timeoutMs={BUY_CREDITS_CHECKOUT_SCRIPT_TIMEOUT_MS} amount={prices ? packOffer(prices, paymentOption).amount : undefined} />
                  ) : (
                    <CardCheckoutForm {...checkout} />
                  )}
                </Tabs.Panel>
                <Tabs.Panel value="wallet" pt="md">
                  <WalletCheckout {...checkout} paypal={paypal} />
                </Tabs.Panel>
              </Tabs>
            </Stack>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
