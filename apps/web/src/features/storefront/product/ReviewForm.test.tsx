// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DialogProvider } from '../../../components/dialog/DialogProvider';
import { REVIEW_MESSAGES, type ReviewInput } from '@zevar/domain';
import { ReviewForm } from './ReviewForm';

URL.createObjectURL = vi.fn(() => `blob:preview-${Math.random()}`);
URL.revokeObjectURL = vi.fn();

const image = (name: string) => new File(['x'], name, { type: 'image/png' });

function setup(
  overrides: { submit?: (i: ReviewInput) => Promise<unknown>; upload?: (f: File) => Promise<string> } = {},
) {
  const submit = vi.fn(overrides.submit ?? (async () => ({})));
  const upload = vi.fn(overrides.upload ?? (async (f: File) => `${f.name}.stored`));
  const onClose = vi.fn();
  render(
    <DialogProvider>
      <ReviewForm productId={7} onClose={onClose} submit={submit} upload={upload} />
    </DialogProvider>,
  );
  return { user: userEvent.setup({ applyAccept: false }), submit, upload, onClose };
}

const fill = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Rate 4 stars' }));
  await user.type(screen.getByLabelText('Your Name*'), 'Meera');
  await user.type(screen.getByLabelText('Your Review*'), 'Lovely finish');
};

describe('review form', () => {
  it('keeps Submit disabled until rating, name and comment are given, showing field messages once touched', async () => {
    const { user } = setup();
    const submitButton = screen.getByRole('button', { name: 'Submit' });
    expect(submitButton).toBeDisabled();
    await user.click(screen.getByLabelText('Your Name*'));
    await user.click(screen.getByLabelText('Your Review*'));
    await user.tab();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Review comment is required')).toBeInTheDocument();
    expect(screen.getByText('Please fill in all required fields')).toBeInTheDocument();
    await fill(user);
    expect(submitButton).toBeEnabled();
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
  });

  it('accepts images only, counts n/5, removes photos and disables adding at five', async () => {
    const { user } = setup();
    const input = screen.getByLabelText('Add Photos (max 5)');
    await user.upload(input, [image('a.png'), new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    expect(screen.getByText('1/5')).toBeInTheDocument();
    await user.upload(input, [
      image('b.png'),
      image('c.png'),
      image('d.png'),
      image('e.png'),
      image('f.png'),
    ]);
    expect(screen.getByText('5/5')).toBeInTheDocument();
    expect(input).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(screen.getByText('4/5')).toBeInTheDocument();
    expect(input).toBeEnabled();
  });

  it('uploads photos first, sends their stored names and closes with the success dialog', async () => {
    let release: () => void = () => {};
    const { user, submit, upload, onClose } = setup({
      submit: () => new Promise((r) => (release = () => r({}))),
    });
    await fill(user);
    await user.upload(screen.getByLabelText('Add Photos (max 5)'), [image('a.png'), image('b.png')]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(upload).toHaveBeenCalledTimes(2);
    expect(submit).toHaveBeenCalledWith({
      productId: 7,
      name: 'Meera',
      rating: 4,
      comment: 'Lovely finish',
      photos: ['a.png.stored', 'b.png.stored'],
    });
    release();
    expect(await screen.findByText('Review added successfully')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('says the review awaits moderation when the shop holds it, and sends the optional order email', async () => {
    const { user, submit, onClose } = setup({ submit: async () => ({ status: 'PENDING' }) });
    await fill(user);
    await user.type(screen.getByLabelText('Email used for your order (optional)'), 'meera@example.in');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(REVIEW_MESSAGES.awaitsModeration)).toBeInTheDocument();
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ email: 'meera@example.in' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the upload error and does not send the review when a photo fails to upload', async () => {
    const { user, submit, onClose } = setup({ upload: () => Promise.reject(new Error('boom')) });
    await fill(user);
    await user.upload(screen.getByLabelText('Add Photos (max 5)'), [image('a.png')]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Failed to upload review image. Please try again.')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the add error and stays open when the review is refused', async () => {
    const { user, onClose } = setup({ submit: () => Promise.reject(new Error('nope')) });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Failed to add review. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    expect(onClose).not.toHaveBeenCalled();
  });

  it('locks page scrolling while open', () => {
    setup();
    expect(document.body.style.overflow).toBe('hidden');
  });
});
