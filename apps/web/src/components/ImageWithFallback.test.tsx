import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ImageWithFallback } from './ImageWithFallback';

const picture = <ImageWithFallback src="ring.webp" alt="Ruby Ring" />;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** The server's markup of `picture`, its image in the state the browser left it, then hydrated. */
function hydrateAfter(image: { complete: boolean; naturalWidth: number }) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(picture);
  document.body.append(container);
  const img = container.querySelector('img')!;
  Object.defineProperty(img, 'complete', { value: image.complete });
  Object.defineProperty(img, 'naturalWidth', { value: image.naturalWidth });
  act(() => {
    root = hydrateRoot(container, picture);
  });
}

describe('ImageWithFallback', () => {
  it("shows 'No Image' when the picture fails to load", () => {
    render(picture);
    fireEvent.error(screen.getByRole('img', { name: 'Ruby Ring' }));
    expect(screen.getByRole('img', { name: 'Ruby Ring (no image)' })).toHaveTextContent('No Image');
  });

  it("shows 'No Image' for a picture that failed before the app took the server's markup over", () => {
    hydrateAfter({ complete: true, naturalWidth: 0 });
    expect(screen.getByRole('img', { name: 'Ruby Ring (no image)' })).toHaveTextContent('No Image');
  });

  it('keeps a picture that loaded, or is still loading, before the app took over', () => {
    hydrateAfter({ complete: true, naturalWidth: 640 });
    expect(screen.getByRole('img', { name: 'Ruby Ring' }).tagName).toBe('IMG');
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';
    hydrateAfter({ complete: false, naturalWidth: 0 });
    const img = screen.getByRole('img', { name: 'Ruby Ring' });
    expect(img.tagName).toBe('IMG');
    // An error after the take-over is React's own event.
    fireEvent.error(img);
    expect(screen.getByRole('img', { name: 'Ruby Ring (no image)' })).toBeInTheDocument();
  });
});
