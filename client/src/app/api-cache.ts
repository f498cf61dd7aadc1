import { apiCacheRestored } from '../api/empty-api';
import { API_CACHE_ELEMENT_ID } from './prerendered';
import type { AppStore } from './store';

/** Gives the store the API cache the page was rendered with on the server, if it was (the certificate page). */
export function restoreApiCache(store: AppStore, document: Document): void {
  const element = document.getElementById(API_CACHE_ELEMENT_ID);
  if (element?.textContent) store.dispatch(apiCacheRestored(JSON.parse(element.textContent) as Record<string, unknown>));
}
