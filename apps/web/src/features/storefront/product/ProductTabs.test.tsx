// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProductTabs } from './ProductTabs';

function setup() {
  render(
    <>
      <button type="button">Before</button>
      <ProductTabs
        features={['Hand-set stones']}
        specifications={{ purity: '22K' }}
        reviews={[]}
        onWriteReview={() => undefined}
      />
    </>,
  );
  return userEvent.setup();
}

const selected = () => screen.getByRole('tab', { selected: true });

describe('product tabs (WAI-ARIA tabs pattern)', () => {
  it('the arrow keys choose the next or previous tab, wrapping round; Home and End the first and last', async () => {
    const user = setup();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Features' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(selected()).toHaveAccessibleName('Specifications');
    expect(selected()).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Specifications' })).toHaveTextContent('22K');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(selected()).toHaveAccessibleName('Features');
    await user.keyboard('{ArrowLeft}');
    expect(selected()).toHaveAccessibleName('Reviews (0)');
    expect(selected()).toHaveFocus();
    await user.keyboard('{Home}');
    expect(selected()).toHaveAccessibleName('Features');
    await user.keyboard('{End}');
    expect(selected()).toHaveAccessibleName('Reviews (0)');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No reviews yet');
  });

  it('the row is one stop of the Tab key, the selected tab; the next stop is its panel', async () => {
    const user = setup();
    await user.click(screen.getByRole('tab', { name: 'Specifications' }));
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Specifications' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Specifications' })).toHaveFocus();
  });
});
