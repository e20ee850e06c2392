// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BackOfficeProviders } from '../test/BackOfficeProviders';
import { testQueryClient } from '../test/utils';
import { ImagePicker } from './ImagePicker';

describe('image picker', () => {
  it('names the 5 MB limit when a larger image is chosen, and sends nothing', async () => {
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send');
    const onChange = vi.fn();
    render(
      <BackOfficeProviders queryClient={testQueryClient()}>
        <ImagePicker
          label="Category Image"
          placeholder="Upload category image"
          value={null}
          onChange={onChange}
        />
      </BackOfficeProviders>,
    );
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'necklace.png', { type: 'image/png' });
    await userEvent.setup().upload(screen.getByLabelText('Category Image'), big);
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveAccessibleDescription(
      'Failed to upload image: The image is too large (at most 5 MB)',
    );
    expect(send).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });
});
