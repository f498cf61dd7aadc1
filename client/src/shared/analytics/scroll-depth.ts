/** Scroll depth tracking (part 1 §2 "Marketing behaviour"). */
export const SCROLL_TRACKED_ROUTES = ['home', 'about', 'news', 'privacy', 'terms'] as const;
export const SCROLL_CHECK_MS = 500;
const SCROLL_EVENT_MS = 60_000;
const SCROLL_MARKS = [25, 50, 75, 100] as const;

/** How far down the page the bottom of the window is, in percent (100 when the page fits the window). */
export function scrollPercent(scrollY: number, viewportHeight: number, documentHeight: number): number {
  if (documentHeight <= viewportHeight) return 100;
  return Math.min(100, Math.round(((scrollY + viewportHeight) / documentHeight) * 100));
}

/**
 * Counts the marks reached and decides when the event may be sent: at most once a minute; marks reached in between
 * are sent together, with the deepest, once the minute is over.
 */
export class ScrollDepthTracker {
  private reached = new Set<number>();
  private pending: number[] = [];
  private lastSentAt: number | undefined;

  constructor(private readonly send: (depth: number, marks: number[]) => void) {}

  /** Records a reading; answers when the pending marks should be sent, if they cannot be sent now. */
  check(percent: number, now: number): number | undefined {
    for (const mark of SCROLL_MARKS) {
      if (percent >= mark && !this.reached.has(mark)) {
        this.reached.add(mark);
        this.pending.push(mark);
      }
    }
    return this.flush(now);
  }

  /** Sends the pending marks if the minute allows; otherwise answers when it will. */
  flush(now: number): number | undefined {
    if (this.pending.length === 0) return undefined;
    if (this.lastSentAt !== undefined && now - this.lastSentAt < SCROLL_EVENT_MS) return this.lastSentAt + SCROLL_EVENT_MS;
    const marks = this.pending;
    this.pending = [];
    this.lastSentAt = now;
    this.send(Math.max(...marks), marks);
    return undefined;
  }
}
