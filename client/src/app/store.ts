import { configureStore } from '@reduxjs/toolkit';
import { errorNotificationMiddleware } from '../api/error-middleware';
import { emptyApi } from '../api/empty-api';
import { rootReducer, type RootState } from '../lib/state';

export function createStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(emptyApi.middleware, errorNotificationMiddleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
