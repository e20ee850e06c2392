// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackOfficeProviders } from '../../../test/BackOfficeProviders';
import { jsonResponse, mockFetch, testQueryClient } from '../../../test/utils';
import CarouselSection from './CarouselSection';

function renderWith(ui: React.ReactNode) {
  const f = mockFetch((url) => {
    if (url === '/api/carousels/home') return jsonResponse({ id: 1, images: [] });
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  render(<BackOfficeProviders queryClient={testQueryClient()}>{ui}</BackOfficeProviders>);
  return f;
}

describe('carousel section', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for an image and a target id of at least 1 before adding a slide', async () => {
    renderWith(<CarouselSection />);
    fireEvent.change(screen.getByLabelText('Target ID'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Image' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Validation Error')).toBeInTheDocument();
    expect(within(dialog).getByText('Please fill all required fields')).toBeInTheDocument();
  });
});
