import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { type CountryCode, DEFAULT_COUNTRY } from '../../app/countries';
import { type ScreenShareSettings, defaultScreenShareSettings } from './screen-share';

/** Site-wide state every feature may read: the country site and the screen-share settings. */
export interface SiteState {
  country: CountryCode;
  screenShare: ScreenShareSettings;
}

const initialState: SiteState = { country: DEFAULT_COUNTRY, screenShare: defaultScreenShareSettings() };

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
  },
  selectors: {
    selectCountry: (state) => state.country,
    selectScreenShare: (state) => state.screenShare,
  },
});

export const { countryChanged, screenShareChanged } = siteSlice.actions;
export const { selectCountry, selectScreenShare } = siteSlice.selectors;
