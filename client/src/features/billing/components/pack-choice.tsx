import { Badge, Group, Radio, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { formatMoney, type SitePrices } from '../../../lib/site/currency';
import { isPackOption, PACK_OPTIONS, type PackOption, packOffer } from '../../../lib/checkout/packs';
import classes from './billing.module.css';

/** The two credit packs as radio cards: price, price per draw and the saving on single draws. */
export function PackChoice({ prices, value, onChange }: { prices: SitePrices | undefined; value: PackOption; onChange: (option: PackOption) => void }) {
  return (
    <Radio.Group value={String(value)} onChange={(next) => isPackOption(Number(next)) && onChange(Number(next) as PackOption)} label="Choose a pack" labelProps={{ className: classes.stepLabel }}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" mt="xs">
        {PACK_OPTIONS.map((option) => {
          const offer = prices ? packOffer(prices, option) : undefined;
          return (
            <Radio.Card key={option} value={String(option)} radius="md" className={classes.packCard}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator mt={4} />
                <Stack gap={2}>
                  <Group gap="xs">
                    <Text fw={700}>{option === 1 ? '10 credits' : '100 credits'}</Text>
                    {option === 3 && (
                      <Badge size="sm" variant="light">
                        Best value
                      </Badge>
                    )}
                  </Group>
                  {offer && prices ? (
                    <>
                      <Text fz={28} fw={800} lh={1.2}>
                        {formatMoney(offer.amount, prices.currency)}
                      </Text>
                      <Text size="sm" c="gray.8">
                        {formatMoney(offer.perCredit, prices.currency)} per draw
                        {offer.savingPercent > 0 ? ` · save ${offer.savingPercent}% on single draws` : ''}
                      </Text>
                    </>
                  ) : (
                    <>
                      <Skeleton h={34} w={110} />
                      <Skeleton h={16} w={180} />
                    </>
                  )}
                </Stack>
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
