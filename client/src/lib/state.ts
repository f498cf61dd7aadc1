import { combineSlices, type Dispatch, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { emptyApi } from '../api/empty-api';
import { sessionSlice } from './session/session-slice';
import { siteSlice } from './site/site-slice';

/** The state's shape, which features read through lib/hooks.ts; the app makes its store of it (app/store.ts). */
export const rootReducer = combineSlices(emptyApi, siteSlice, sessionSlice);

export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = ThunkDispatch<RootState, undefined, UnknownAction> & Dispatch<UnknownAction>;
