import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { CURRENCIES, CURRENCY_NAMES, CURRENCY_SYMBOLS, isCurrency } from '../../../lib/site/currency';
import { useSiteCurrency } from '../../../lib/site/use-site-currency';
import classes from './currency-selector.module.css';

/**
 * The header's currency selector (part 1 §2): the symbol and the upper-case code of the payment currency. A pick
 * is kept in the currency cookie and every price on the site follows it.
 */
export function CurrencySelector() {
  const { currency, chooseCurrency } = useSiteCurrency();
  return (
    <Menu position="bottom-end" withinPortal closeOnItemClick>
      <Menu.Target>
        <UnstyledButton className={classes.target} aria-label={currency ? `Currency: ${CURRENCY_SYMBOLS[currency]} ${currency}` : 'Currency'}>
          <Group gap={4} wrap="nowrap">
            {currency ? (
              <>
                <Text span className={classes.symbol}>
                  {CURRENCY_SYMBOLS[currency]}
                </Text>
                <Text span fw={600} size="sm">
                  {currency}
                </Text>
              </>
            ) : (
              // The configuration is on its way: keep the place so the header does not jump.
              <Text span size="sm" c="dimmed">
                …
              </Text>
            )}
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown aria-label="Choose a currency">
        <Menu.Label>Pay and see prices in</Menu.Label>
        <Menu.RadioGroup value={currency ?? null} onChange={(value) => isCurrency(value) && chooseCurrency(value)}>
          {CURRENCIES.map((code) => (
            <Menu.RadioItem key={code} value={code} closeMenuOnClick>
              <Group gap="xs" wrap="nowrap">
                <Text span className={classes.symbol}>
                  {CURRENCY_SYMBOLS[code]}
                </Text>
                <Text span fw={600} size="sm">
                  {code}
                </Text>
                <Text span size="sm" c="dimmed">
                  {CURRENCY_NAMES[code]}
                </Text>
              </Group>
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
