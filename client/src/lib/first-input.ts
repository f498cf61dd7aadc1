/**
 * The inputs that show a visitor is using the page (a scroll by touch, wheel or key is one of them). A click and an
 * input too: assistive technology can activate a control or enter text without pointer or key events before them.
 */
export const ENGAGEMENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'click', 'input'] as const;

/** What a prerendered page's inline script has seen before the app ran (see `watchPrerenderedPage`). */
interface PageWatch {
  /** An input has happened. */
  input: boolean;
  /** Clicks held for the app (but on links); null once the app has taken them. */
  clicks: Event[] | null;
  /** Form submissions held for the app; null once it has taken them (after its hydration: see replayHeldSubmissions). */
  submits: Event[] | null;
}

/** The window property holding the page's PageWatch. */
export const PAGE_WATCH_PROPERTY = '__fairdrawWatch';

/**
 * Runs in a prerendered page from its first paint, as an inline script (the build copies this function's source
 * into the page, so it imports nothing), until the app takes over: notes the visitor's first input, and holds the
 * activations inside the page's root (a click anywhere but on a link, which works without the app, and a form's
 * submission) for the app to replay once it runs. Without that, a tap on a button before the app runs would do
 * nothing, or submit the plain form and reload the page.
 */
export function watchPrerenderedPage(win: Window, types: readonly string[], property: string): void {
  const watch: PageWatch = { input: false, clicks: [], submits: [] };
  (win as unknown as Record<string, PageWatch>)[property] = watch;
  const seen = () => {
    watch.input = true;
    for (const type of types) win.removeEventListener(type, seen, true);
  };
  for (const type of types) win.addEventListener(type, seen, { capture: true, passive: true });
  const hold = (event: Event) => {
    const held = event.type === 'submit' ? watch.submits : watch.clicks;
    const root = win.document.getElementById('root');
    const target = event.target;
    if (!held || !root || !(target instanceof Element) || !root.contains(target)) return;
    if (event.type === 'click' && target.closest('a[href]')) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(event);
  };
  win.addEventListener('click', hold, true);
  win.addEventListener('submit', hold, true);
}

function pageWatch(target: Window): PageWatch | undefined {
  return (target as unknown as Record<string, PageWatch | undefined>)[PAGE_WATCH_PROPERTY];
}

/** Whether the page's inline script has seen an input already. */
export function inputSeen(target: Window): boolean {
  return pageWatch(target)?.input === true;
}

/**
 * Settles at the visitor's first input anywhere on the page (capture phase: before any handler sees it), or at once
 * when the page's inline script has seen one already.
 */
export function firstInput(target: Window): Promise<void> {
  if (inputSeen(target)) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const engaged = () => {
      for (const type of ENGAGEMENT_EVENTS) target.removeEventListener(type, engaged, true);
      resolve();
    };
    for (const type of ENGAGEMENT_EVENTS) target.addEventListener(type, engaged, { capture: true, passive: true });
  });
}

/** Marks an element of a prerendered page whose content needs the app: it starts when the element comes into view. */
const START_IN_VIEW_ATTRIBUTE = 'data-start-in-view';

/** Settles once the element comes into the viewport (at once without the element or the API). */
export function inView(element: Element | null): Promise<void> {
  return new Promise((resolve) => {
    if (!element || typeof IntersectionObserver === 'undefined') {
      resolve();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: '0px' },
    );
    observer.observe(element);
  });
}

/**
 * Settles when a visitor starts using a prerendered page: true at their first input, false when a part marked with
 * START_IN_VIEW_ATTRIBUTE comes into view first (a scroll without input: by script, or by assistive technology).
 */
export function firstUse(target: Window, container: HTMLElement): Promise<boolean> {
  const marked = [...container.querySelectorAll(`[${START_IN_VIEW_ATTRIBUTE}]`)];
  return Promise.race([firstInput(target).then(() => true), ...marked.map((element) => inView(element).then(() => false))]);
}

/** Whether the server asks the app to start with the page (a configured analytics service counts every visit). */
export function startsAtLoad(doc: Document): boolean {
  return doc.querySelector('meta[name="fairdraw-start"]')?.getAttribute('content') === 'load';
}

/** Fields whose text a visitor types (their `value` against the prerendered `defaultValue`). */
const TEXT_FIELDS = 'textarea, input:not([type]), input[type=text], input[type=search], input[type=email], input[type=tel], input[type=url], input[type=number], input[type=password]';

/**
 * Gives the app, just started on a prerendered page (React listening), what the visitor did before it ran: the text
 * typed into fields, then the clicks the page's inline script held, in that order whatever the order they came in.
 * From then on the app sees clicks itself. React hydrates at once what these events reach (its selective hydration);
 * the text goes first, so that a held click on Continue sees it.
 */
export function replayHeldInputs(target: Window, container: HTMLElement): void {
  const watch = pageWatch(target);
  const clicks = watch?.clicks ?? [];
  if (watch) watch.clicks = null;
  for (const field of container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELDS)) {
    if (field.value !== field.defaultValue) replayTyping(field);
  }
  for (const event of clicks) {
    const element = event.target as Element;
    if (element.isConnected) element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: target }));
  }
}

/**
 * Submits again, through the app, the forms submitted before its page was hydrated, once it is: React does not
 * replay a submission that reaches a part not yet hydrated, and the browser would then send the plain form.
 */
export function replayHeldSubmissions(target: Window): void {
  const watch = pageWatch(target);
  const submits = watch?.submits ?? [];
  if (watch) watch.submits = null;
  for (const event of submits) {
    const form = event.target as HTMLFormElement;
    if (form.isConnected) form.requestSubmit((event as SubmitEvent).submitter);
  }
}

/** Stops holding inputs for an app that failed to start: the page's controls do what they do without it. */
export function releaseHeldInputs(target: Window): void {
  const watch = pageWatch(target);
  if (!watch) return;
  watch.clicks = null;
  watch.submits = null;
}

/**
 * Hands text typed before hydration to the app. React takes a field's value when it hydrates it as the value it
 * knows, so typed text would not count as a change: the field is hydrated showing its prerendered value, then given
 * the typed text the way typing does (the element's own value setter, then an input event).
 */
function replayTyping(field: HTMLInputElement | HTMLTextAreaElement): void {
  const typed = field.value;
  // The caret stays where the visitor left it (null where the field has none, a number field).
  const { selectionStart, selectionEnd } = field;
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')!.set!;
  setValue.call(field, field.defaultValue);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  setValue.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (selectionStart !== null && selectionEnd !== null && field === field.ownerDocument.activeElement) field.setSelectionRange(selectionStart, selectionEnd);
}
