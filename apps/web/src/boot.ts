/**
 * The page's script (index.html), kept tiny. A storefront page comes with its first screen rendered
 * by the server (decision 0021): the app is fetched and run only once that screen, its main image
 * included, has been painted, so on a phone the picture gets the bandwidth and the main thread
 * first. The links on it work meanwhile; a tap on one of its buttons is held, and what is typed into
 * its fields noted, and both are replayed once the app has taken the page over. Every other page
 * starts the app at once (the server preloads it).
 */
// The stylesheet is the entry's: a render-blocking <link> in the HTML, there before the first paint.
import './index.css';
import { FIRST_SCREEN_HYDRATED_EVENT, HELD_CONTROLS } from './lib/first-screen';

/** The longest the app waits for the main image (a slow or broken one must not keep it away). */
const MAIN_IMAGE_WAIT_MS = 2500;
/** The longest a held tap waits for the code of the section it was made in. */
const SECTION_WAIT_MS = 10_000;

function settled(image: HTMLImageElement | null): Promise<void> {
  if (!image || image.complete) return Promise.resolve();
  return new Promise((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
    setTimeout(resolve, MAIN_IMAGE_WAIT_MS);
  });
}

/** After the next frame is painted (a hidden tab paints nothing: then after a short wait). */
function painted(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 1000);
  });
}

/** The route's scripts the server named (`<meta name="zevar-page-modules">`), fetched in parallel with the app. */
function preloadPageModules(): void {
  const names = document.querySelector('meta[name="zevar-page-modules"]')?.getAttribute('content') ?? '';
  for (const href of names.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** What the shopper did on the first screen before the app took it over, in order. */
type EarlyAction =
  | { kind: 'tap'; control: HTMLElement }
  | { kind: 'value'; control: Field; value: string }
  | { kind: 'leave'; control: Field };

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLSelectElement ||
  target instanceof HTMLTextAreaElement ||
  (target instanceof HTMLInputElement && target.type !== 'checkbox' && target.type !== 'radio');

/** Tells the app a field's value, as if just typed or chosen. */
function carry(field: Field, value: string): void {
  if (field instanceof HTMLSelectElement) {
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  // React notes a field's value when it takes the field over and reports an input event only when
  // the value differs from the noted one: have it note another value, then put the typed one back
  // with the element's own setter (which it does not watch) and announce it.
  field.value = value === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Whether React has taken the element over (it keeps its own keys on the elements it hydrated). */
const ready = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'));

/**
 * Until the page is hydrated: taps on its controls are held (once per control), and what is typed
 * or chosen in its fields is noted. Once it is, they are replayed in order on the same elements,
 * each after the app has answered the one before ('+' then Add to Cart adds two).
 */
function holdEarlyActions(root: HTMLElement): void {
  const actions: EarlyAction[] = [];
  let hydrated = false;
  const hold = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(HELD_CONTROLS) : null;
    // Once the page is hydrated, only a tap on a part whose code is still on its way (a lazily loaded
    // section: React drops a tap on it) is held; the replayed taps themselves go through.
    if (!control || !root.contains(control) || (hydrated && (ready(control) || !event.isTrusted))) return;
    event.preventDefault();
    event.stopPropagation();
    if (!actions.some((a) => a.kind === 'tap' && a.control === control))
      actions.push({ kind: 'tap', control });
    if (hydrated) void replay();
  };
  const typed = (event: Event) => {
    const field = event.target;
    if (!isField(field)) return;
    const last = actions[actions.length - 1];
    if (last?.kind === 'value' && last.control === field) last.value = field.value;
    else actions.push({ kind: 'value', control: field, value: field.value });
  };
  const left = (event: FocusEvent) => {
    const field = event.target;
    if (isField(field) && actions.some((a) => a.kind === 'value' && a.control === field))
      actions.push({ kind: 'leave', control: field });
  };
  const listeners = [
    ['click', hold],
    ['input', typed],
    ['change', typed],
    ['focusout', left],
  ] as const;
  for (const [type, listener] of listeners) root.addEventListener(type, listener as EventListener, true);
  let replaying = false;
  const replay = async () => {
    if (replaying) return;
    replaying = true;
    while (actions.length > 0) {
      const action = actions.shift()!;
      await new Promise((resolve) => setTimeout(resolve, 0));
      const { control } = action;
      if (!control.isConnected) continue;
      // A control in a section whose code is still loading is clicked once React has taken it over.
      for (let waited = 0; action.kind === 'tap' && !ready(control) && waited < SECTION_WAIT_MS; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      if (!control.isConnected) continue;
      if (action.kind === 'tap') control.click();
      else if (action.kind === 'value') carry(action.control, action.value);
      else if (document.activeElement !== control)
        control.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    }
    replaying = false;
  };
  window.addEventListener(
    FIRST_SCREEN_HYDRATED_EVENT,
    () => {
      hydrated = true;
      for (const [type, listener] of listeners.slice(1))
        root.removeEventListener(type, listener as EventListener, true);
      void replay();
    },
    { once: true },
  );
}

const root = document.getElementById('root');
if (root?.firstElementChild) {
  holdEarlyActions(root);
  void settled(root.querySelector<HTMLImageElement>('img[fetchpriority="high"]'))
    .then(painted)
    .then(() => {
      preloadPageModules();
      return import('./main');
    });
} else {
  void import('./main');
}
