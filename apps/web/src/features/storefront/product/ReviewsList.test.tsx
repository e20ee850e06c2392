// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Review } from '@zevar/domain';
import { ReviewsList } from './ReviewsList';

const review: Review = {
  id: 1,
  productId: 7,
  name: 'Meera',
  rating: 5,
  comment: 'Lovely finish',
  photos: ['/img/a.webp', '/img/b.webp', '/img/c.webp', '/img/d.webp', '/img/e.webp'],
  date: '2026-03-05T10:00:00.000Z',
  status: 'PUBLISHED',
  verifiedBuyer: false,
};

describe('review photos on the product page', () => {
  it('opens a photo in the photo viewer at that photo', async () => {
    const user = userEvent.setup();
    render(<ReviewsList reviews={[review]} />);
    await user.click(screen.getByRole('button', { name: 'Open photo 2 from Meera' }));
    const viewer = await screen.findByRole('dialog', { name: 'Photos from Meera' });
    expect(within(viewer).getByText('Photo 2 of 5')).toBeInTheDocument();
    await user.click(within(viewer).getByRole('button', { name: 'Next photo' }));
    expect(within(viewer).getByText('Photo 3 of 5')).toBeInTheDocument();
  });

  it("opens the photos behind '+N' from its tile, all reachable in the viewer", async () => {
    const user = userEvent.setup();
    render(<ReviewsList reviews={[review]} />);
    const tile = screen.getByRole('button', { name: 'Show 2 more photos from Meera' });
    expect(tile).toHaveTextContent('+2');
    await user.click(tile);
    const viewer = await screen.findByRole('dialog', { name: 'Photos from Meera' });
    expect(within(viewer).getByText('Photo 4 of 5')).toBeInTheDocument();
    await user.click(within(viewer).getByRole('button', { name: 'Show photo 5' }));
    expect(within(viewer).getByText('Photo 5 of 5')).toBeInTheDocument();
    expect(within(viewer).getByRole('button', { name: 'Next photo' })).toBeDisabled();
    await user.click(within(viewer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('marks a review from a verified buyer', () => {
    render(<ReviewsList reviews={[{ ...review, id: 2, verifiedBuyer: true }, review]} />);
    const items = screen.getAllByTestId('review');
    expect(within(items[0]!).getByText(/Verified buyer/)).toBeInTheDocument();
    expect(within(items[1]!).queryByText(/Verified buyer/)).toBeNull();
  });
});
