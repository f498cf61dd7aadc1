import { useCallback } from 'react';
import { useSiteConfigurationData } from '../../api/site-api';
import { useAppDispatch, useAppSelector } from '../hooks';
import type { Currency } from './currency';
import { readCurrencyCookie, writeCurrencyCookie } from './currency-cookie';
import { currencyChosen, selectCountry, selectCurrencyChoice } from './site-slice';

/** The visitor's chosen currency, or undefined when the country site's applies. */
function useCurrencyChoice(): Currency | undefined {
  const choice = useAppSelector(selectCurrencyChoice);
  // The store was preloaded without the choice: the cookie is the record of it until the visitor picks again.
  return (choice === undefined ? readCurrencyCookie() : choice) ?? undefined;
}

/**
 * The site configuration in the currency in force, with its `prices` (minor units). Asked with the chosen
 * currency, so a new choice fetches that currency's prices; without a choice it is the very query the page frame
 * makes, answered from the same cache entry.
 */
export function useSiteConfiguration() {
  const country = useAppSelector(selectCountry);
  const currency = useCurrencyChoice();
  return useSiteConfigurationData({ country, currency });
}

/**
 * The payment currency in force (the choice, else the country site's, once the configuration has said which) and
 * how to choose another: remembered in the cookie, and the prices follow.
 */
export function useSiteCurrency(): { currency: Currency | undefined; chooseCurrency: (currency: Currency) => void } {
  const dispatch = useAppDispatch();
  const choice = useCurrencyChoice();
  const { data: site } = useSiteConfiguration();
  const chooseCurrency = useCallback(
    (currency: Currency) => {
      writeCurrencyCookie(currency);
      dispatch(currencyChosen(currency));
    },
    [dispatch],
  );
  return { currency: choice ?? site?.prices.currency ?? site?.currency, chooseCurrency };
}
