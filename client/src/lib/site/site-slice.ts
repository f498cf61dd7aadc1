import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { type CountryCode, DEFAULT_COUNTRY } from '../countries';
import type { Currency } from './currency';
import { readCurrencyCookie } from './currency-cookie';
import { type ScreenShareSettings, defaultScreenShareSettings } from '../screen-share/screen-share';

/** Site-wide state every feature may read: the country site, the chosen currency and the screen-share settings. */
interface SiteState {
  country: CountryCode;
  screenShare: ScreenShareSettings;
  /**
   * The payment currency the visitor picked (kept in the currency cookie); null when they have not, and the
   * country site's currency applies. Undefined until read: a store preloaded without it (main.tsx preloads the
   * site state) has not read the cookie yet, and `useCurrencyChoice` reads it then.
   */
  currency?: Currency | null;
}

const initialState = (): SiteState => ({ country: DEFAULT_COUNTRY, screenShare: defaultScreenShareSettings(), currency: readCurrencyCookie() });

export const siteSlice = createSlice({
  name: 'site',
  initialState,
  reducers: {
    countryChanged(state, action: PayloadAction<CountryCode>) {
      state.country = action.payload;
    },
    screenShareChanged(state, action: PayloadAction<ScreenShareSettings>) {
      state.screenShare = action.payload;
    },
    currencyChosen(state, action: PayloadAction<Currency | null>) {
      state.currency = action.payload;
    },
  },
  selectors: {
    selectCountry: (state) => state.country,
    selectScreenShare: (state) => state.screenShare,
    selectCurrencyChoice: (state) => state.currency,
  },
});

export const { countryChanged, screenShareChanged, currencyChosen } = siteSlice.actions;
export const { selectCountry, selectScreenShare, selectCurrencyChoice } = siteSlice.selectors;
