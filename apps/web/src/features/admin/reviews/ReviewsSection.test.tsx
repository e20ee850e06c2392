// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STALE_EDIT_MESSAGE, starParts } from '@zevar/domain';
import { BackOfficeProviders } from '../../../test/BackOfficeProviders';
import { jsonResponse, mockFetch, testQueryClient } from '../../../test/utils';
import ReviewsSection from './ReviewsSection';
import { catalogueProduct } from '../../../test/fixtures';

const product = (productId: number, averageRating: number) => ({
  productId,
  productName: `Jhumkas ${productId}`,
  productImage: null,
  averageRating,
  totalReviews: 2,
  pendingReviews: 0,
  lastReview: '2026-11-01T10:00:00.000Z',
});
const review = {
  id: 7,
  productId: 1,
  name: 'Meera',
  rating: 4,
  comment: 'Lovely',
  photos: ['a.webp', 'b.webp', 'c.webp', 'd.webp', 'e.webp'],
  date: '2026-11-01T10:00:00.000Z',
  status: 'PUBLISHED',
  verifiedBuyer: false,
  productName: 'Jhumkas 1',
};
const waiting = { ...review, id: 8, name: 'Bot', rating: 1, comment: 'Bad', photos: [], status: 'PENDING' };
const page = (content: object[]) => ({
  content,
  totalElements: content.length,
  totalPages: 1,
  size: 10,
  number: 0,
});

const studs = catalogueProduct({ id: 42, name: 'Lotus Studs' });

function renderSection() {
  const f = mockFetch((url, init) => {
    if (url.startsWith('/api/reviews/admin/products')) {
      return jsonResponse({
        content: [product(1, 4.6), product(2, 4.5)],
        totalElements: 2,
        totalPages: 1,
        size: 10,
        number: 0,
      });
    }
    if (url.startsWith('/api/reviews?status=PENDING')) return jsonResponse(page([waiting]));
    if (url.startsWith('/api/reviews?productId=1')) return jsonResponse(page([review]));
    if (url === '/api/reviews/8/status' && init.method === 'PUT')
      return jsonResponse({ ...waiting, ...JSON.parse(init.body as string) });
    if (url === '/api/reviews/7' && init.method === 'PUT')
      return jsonResponse({ ...review, ...JSON.parse(init.body as string), productName: 'Jhumkas 1' });
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  render(
    <BackOfficeProviders queryClient={testQueryClient()}>
      <ReviewsSection />
    </BackOfficeProviders>,
  );
  return f;
}

async function openUpdateForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'View Reviews of Jhumkas 1' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Edit review by Meera' }));
  return screen.findByRole('dialog', { name: 'Update Review' });
}

describe('reviews management', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the reviews awaiting moderation and publishes one', async () => {
    const f = renderSection();
    const queue = await screen.findByRole('region', { name: 'Awaiting moderation (1)' });
    expect(within(queue).getByText('Bad')).toBeInTheDocument();
    fireEvent.click(within(queue).getByRole('button', { name: 'Publish review by Bot' }));
    expect(await screen.findByText('Review published')).toBeInTheDocument();
    const put = f.mock.calls.find(([url]) => url === '/api/reviews/8/status');
    expect(JSON.parse(put![1]!.body as string)).toEqual({ status: 'PUBLISHED' });
  });

  it('shows a half star only when the fractional part of the average exceeds 0.5', async () => {
    expect(starParts(4.6)).toEqual({ full: 4, half: true });
    expect(starParts(4.5)).toEqual({ full: 4, half: false });
    expect(starParts(3.51)).toEqual({ full: 3, half: true });
    renderSection();
    const over = await screen.findByRole('img', { name: 'Rated 4.6 out of 5' });
    const exact = screen.getByRole('img', { name: 'Rated 4.5 out of 5' });
    const halves = (el: HTMLElement) => el.querySelectorAll('path[fill^="url("]').length;
    expect(halves(over)).toBe(1);
    expect(halves(exact)).toBe(0);
    expect(screen.getByText('4.6')).toBeInTheDocument();
    expect(screen.getByText('4.5')).toBeInTheDocument();
  });

  it('lists the products with the specification columns', async () => {
    renderSection();
    // The product's row in the table (its name is also in the awaiting-moderation list).
    await screen.findByRole('button', { name: 'View Reviews of Jhumkas 1' });
    for (const h of ['Product', 'Average Rating', 'Total Reviews', 'Last Review', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: h })).toBeInTheDocument();
    }
  });

  it('requires a name and a comment in the update form and disables Update until valid', async () => {
    const f = renderSection();
    const form = await openUpdateForm();
    const submit = within(form).getByRole('button', { name: 'Update Review' });
    expect(submit).toBeEnabled();
    const name = within(form).getByLabelText('Name');
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.blur(name);
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    fireEvent.change(name, { target: { value: 'Asha' } });
    const comment = within(form).getByLabelText('Review');
    fireEvent.change(comment, { target: { value: '' } });
    fireEvent.blur(comment);
    expect(await within(form).findByText('Review comment is required')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    expect(f.mock.calls.some(([, init]) => (init as RequestInit).method === 'PUT')).toBe(false);
  });

  it("counts photos 'n/5 photos' and disables adding at five", async () => {
    renderSection();
    const form = await openUpdateForm();
    expect(within(form).getByText('5/5 photos')).toBeInTheDocument();
    expect(within(form).getByLabelText('Add Photos')).toBeDisabled();
    fireEvent.click(within(form).getByRole('button', { name: 'Remove photo 1' }));
    expect(within(form).getByText('4/5 photos')).toBeInTheDocument();
    expect(within(form).getByLabelText('Add Photos')).toBeEnabled();
  });

  it('saves an edited review and says so', async () => {
    const f = renderSection();
    const form = await openUpdateForm();
    fireEvent.change(within(form).getByLabelText('Review'), { target: { value: 'Even better' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update Review' }));
    expect(await screen.findByText('Review updated successfully')).toBeInTheDocument();
    const put = f.mock.calls.find(([, init]) => (init as RequestInit).method === 'PUT');
    expect(JSON.parse((put![1] as RequestInit).body as string)).toMatchObject({
      name: 'Meera',
      rating: 4,
      comment: 'Even better',
    });
  });

  it('keeps the form open with the newer review when someone else saved it first (409)', async () => {
    const newer = { ...review, comment: 'Changed by Asha', version: 2 };
    const puts: { version: number; comment: string }[] = [];
    mockFetch((url, init) => {
      if (url.startsWith('/api/reviews/admin/products')) return jsonResponse(page([product(1, 4.6)]));
      if (url.startsWith('/api/reviews?status=PENDING')) return jsonResponse(page([]));
      if (url.startsWith('/api/reviews?productId=1')) return jsonResponse(page([{ ...review, version: 1 }]));
      if (url === '/api/reviews/7' && init.method === 'PUT') {
        const body = JSON.parse(init.body as string) as { version: number; comment: string };
        puts.push(body);
        if (body.version === 1) {
          return jsonResponse({ code: 'CONFLICT', message: STALE_EDIT_MESSAGE, current: newer }, 409);
        }
        return jsonResponse({ ...newer, ...body, version: 3 });
      }
      return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
    });
    render(
      <BackOfficeProviders queryClient={testQueryClient()}>
        <ReviewsSection />
      </BackOfficeProviders>,
    );
    const form = await openUpdateForm();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Review'), { target: { value: 'Mine' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update Review' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    const again = await screen.findByRole('dialog', { name: 'Update Review' });
    expect(await within(again).findByRole('alert')).toHaveTextContent(STALE_EDIT_MESSAGE);
    expect(within(again).getByLabelText('Review')).toHaveValue('Changed by Asha');
    expect(screen.queryByText('Review updated successfully')).not.toBeInTheDocument();
    fireEvent.click(within(again).getByRole('button', { name: 'Update Review' }));
    expect(await screen.findByText('Review updated successfully')).toBeInTheDocument();
    expect(puts.map((p) => [p.version, p.comment])).toEqual([
      [1, 'Mine'],
      [2, 'Changed by Asha'],
    ]);
  });

  it('requires a rating before a new review can be submitted', async () => {
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'View Reviews of Jhumkas 1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Write a Review' }));
    const form = await screen.findByRole('dialog', { name: 'Write a Review' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Asha' } });
    fireEvent.change(within(form).getByLabelText('Review'), { target: { value: 'Pretty' } });
    const submit = within(form).getByRole('button', { name: 'Submit Review' });
    expect(submit).toBeDisabled();
    fireEvent.click(within(form).getByRole('button', { name: 'Rate 4 stars' }));
    await waitFor(() => expect(submit).toBeEnabled());
  });

  it('moves between photos without wrapping', async () => {
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'View Reviews of Jhumkas 1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'View photo 1 from Meera' }));
    const viewer = await screen.findByRole('dialog', { name: 'Photos from Meera' });
    expect(within(viewer).getByRole('button', { name: 'Previous photo' })).toBeDisabled();
    fireEvent.click(within(viewer).getByRole('button', { name: 'Show photo 5' }));
    expect(within(viewer).getByText('Photo 5 of 5')).toBeInTheDocument();
    expect(within(viewer).getByRole('button', { name: 'Next photo' })).toBeDisabled();
    fireEvent.click(within(viewer).getByRole('button', { name: 'Previous photo' }));
    expect(within(viewer).getByText('Photo 4 of 5')).toBeInTheDocument();
  });

  it('writes the first review of a product that has none, found by searching all products', async () => {
    const posted: unknown[] = [];
    mockFetch((url, init) => {
      if (url.startsWith('/api/reviews/admin/products'))
        return jsonResponse({ content: [], totalElements: 0, totalPages: 0, size: 10, number: 0 });
      if (url.startsWith('/api/products/search?')) {
        expect(url).toContain('keyword=Lotus');
        return jsonResponse({
          content: [studs],
          totalElements: 1,
          totalPages: 1,
          size: 10,
          number: 0,
        });
      }
      if (url.startsWith('/api/reviews?status=PENDING')) return jsonResponse(page([]));
      if (url.startsWith('/api/reviews?productId=42'))
        return jsonResponse(page(posted.length ? [{ ...review, productId: 42 }] : []));
      if (url === '/api/reviews' && init.method === 'POST') {
        posted.push(JSON.parse(init.body as string));
        return jsonResponse({ ...review, productId: 42 }, 201);
      }
      return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
    });
    render(
      <BackOfficeProviders queryClient={testQueryClient()}>
        <ReviewsSection />
      </BackOfficeProviders>,
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search all products' }), {
      target: { value: 'Lotus' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Open reviews of Lotus Studs' }));
    expect(await screen.findByRole('heading', { name: 'Lotus Studs' })).toBeInTheDocument();
    expect(await screen.findByText('0 published reviews')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Write a Review' }));
    expect(await screen.findByRole('dialog', { name: 'Write a Review' })).toBeInTheDocument();
  });
});
