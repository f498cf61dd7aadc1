import { type ReactNode, use } from 'react';
import { firstInput, inView } from '../lib/first-input';

interface Gate {
  promise: Promise<void>;
  open: boolean;
}

/** A gate that is open once its promise has settled: a render after that does not wait on it at all. */
function gate(promise: Promise<void>): Gate {
  const result: Gate = { promise, open: false };
  void promise.then(() => {
    result.open = true;
  });
  return result;
}

let engagement: Gate | null = null;
const approaches = new Map<string, Gate>();

/**
 * Called when the app starts on a prerendered page: the parts under HydrateOnEngagement keep their prerendered HTML
 * until the visitor's first input anywhere on the page (or until they come into view, see `nearElementId`), then
 * hydrate. The listeners run in the capture phase on the window, before React's own on the root: React sees the gate
 * open when that same input reaches a part still prerendered, hydrates that part at once (its selective hydration)
 * and hands it the event.
 */
export function deferUntilEngagement(target: Window): void {
  approaches.clear();
  engagement = gate(firstInput(target));
}

function pendingGate(nearElementId: string | undefined): Gate | null {
  if (!engagement || engagement.open) return null;
  if (!nearElementId) return engagement;
  let found = approaches.get(nearElementId);
  if (!found) {
    found = gate(Promise.race([engagement.promise, inView(document.getElementById(nearElementId))]));
    approaches.set(nearElementId, found);
  }
  return found.open ? null : found;
}

/**
 * A part of a prerendered page that a visitor only needs once they use the page (the wizard) or reach it (the
 * sections below the fold, `nearElementId` naming the element of its prerendered HTML that holds them all, which
 * should carry START_IN_VIEW_ATTRIBUTE): its hydration, the largest share of the work after the first paint on a
 * phone, waits until then. It must sit in a Suspense boundary.
 * Rendered at once everywhere else (the prerendering, a page the client renders, a later visit to the page).
 */
export function HydrateOnEngagement({ nearElementId, children }: { nearElementId?: string; children: ReactNode }) {
  const pending = pendingGate(nearElementId);
  if (pending) use(pending.promise);
  return children;
}
