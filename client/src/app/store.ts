import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { emptyApi } from '../api/empty-api';
import { errorNotificationMiddleware } from '../api/error-middleware';
import { sessionSlice } from '../features/accounts/session-slice';
import { siteSlice } from '../features/site/site-slice';

const rootReducer = combineSlices(emptyApi, siteSlice, sessionSlice);

export function createStore(preloadedState?: Partial<ReturnType<typeof rootReducer>>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(emptyApi.middleware, errorNotificationMiddleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
