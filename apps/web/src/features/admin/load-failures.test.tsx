// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackOfficeProviders } from '../../test/BackOfficeProviders';
import { jsonResponse, mockFetch, testQueryClient } from '../../test/utils';
import CarouselSection from './carousel/CarouselSection';
import CategoriesSection from './categories/CategoriesSection';
import MetalsSection from './metals/MetalsSection';
import ReviewsSection from './reviews/ReviewsSection';

const cases: [string, ComponentType, string][] = [
  ['Carousel', CarouselSection, 'Failed to load carousel'],
  ['Categories', CategoriesSection, 'Failed to load categories'],
  ['Metals', MetalsSection, 'Failed to load metals'],
  ['Reviews', ReviewsSection, 'Failed to load reviews'],
];

describe('load failures of back-office §8 sections', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(cases)(
    '%s says it in an Error dialog, like the other sections',
    async (_name, Section, message) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      mockFetch(() => jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500));
      render(
        <BackOfficeProviders queryClient={testQueryClient()}>
          <Section />
        </BackOfficeProviders>,
      );
      const dialog = await screen.findByRole('dialog', { name: 'Error' });
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    },
  );
});
