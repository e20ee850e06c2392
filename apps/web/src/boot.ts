/**
 * The page's script (index.html), kept tiny. A storefront page comes with its first screen rendered
 * by the server (decision 0021): the app is fetched and run only once that screen, its main image
 * included, has been painted, so on a phone the picture gets the bandwidth and the main thread
 * first. The links on it work meanwhile; a tap on one of its buttons is held and replayed once the
 * app has taken the page over. Every other page starts the app at once (the server preloads it).
 */
// The stylesheet is the entry's: a render-blocking <link> in the HTML, there before the first paint.
import './index.css';
import { FIRST_SCREEN_HYDRATED_EVENT, HELD_CONTROLS } from './lib/first-screen';

/** The longest the app waits for the main image (a slow or broken one must not keep it away). */
const MAIN_IMAGE_WAIT_MS = 2500;

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

/** Taps on the page's controls before it is hydrated: held, then replayed in order on the same elements. */
function holdEarlyTaps(root: HTMLElement): void {
  const held: HTMLElement[] = [];
  const hold = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(HELD_CONTROLS) : null;
    if (!control || !root.contains(control)) return;
    event.preventDefault();
    event.stopPropagation();
    if (!held.includes(control)) held.push(control);
  };
  root.addEventListener('click', hold, true);
  window.addEventListener(
    FIRST_SCREEN_HYDRATED_EVENT,
    () => {
      root.removeEventListener('click', hold, true);
      for (const control of held.splice(0)) if (control.isConnected) control.click();
    },
    { once: true },
  );
}

const root = document.getElementById('root');
if (root?.firstElementChild) {
  holdEarlyTaps(root);
  void settled(root.querySelector<HTMLImageElement>('img[fetchpriority="high"]'))
    .then(painted)
    .then(() => {
      preloadPageModules();
      return import('./main');
    });
} else {
  void import('./main');
}
