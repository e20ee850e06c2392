// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useImageUpload } from './upload-context';
import { UPLOAD_HIDE_DELAY_MS, UploadProgressProvider } from './UploadProgressProvider';

function Probe({ onResult }: { onResult: (name: string) => void }) {
  const { upload } = useImageUpload();
  return (
    <button type="button" onClick={() => void upload(new File(['x'], 'ring.png')).then(onResult)}>
      upload
    </button>
  );
}

describe('upload progress dialog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows 'Uploading Image' with the percentage, reaches 100 and hides after 300 ms", async () => {
    let report: (percent: number) => void = () => undefined;
    let finish: (name: string) => void = () => undefined;
    const uploader = (_file: File, onProgress?: (p: number) => void) => {
      report = (p) => onProgress?.(p);
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const onResult = vi.fn();
    render(
      <UploadProgressProvider uploader={uploader}>
        <Probe onResult={onResult} />
      </UploadProgressProvider>,
    );

    act(() => screen.getByRole('button', { name: 'upload' }).click());
    expect(screen.getByRole('dialog', { name: 'Uploading Image' })).toBeInTheDocument();
    expect(screen.getByText('0%')).toBeInTheDocument();

    act(() => report(42));
    expect(screen.getByText('42%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');

    await act(async () => finish('stored-name.webp'));
    expect(screen.getByText('100%')).toBeInTheDocument();
    expect(onResult).toHaveBeenCalledWith('stored-name.webp');

    await act(() => vi.advanceTimersByTime(UPLOAD_HIDE_DELAY_MS - 1));
    expect(screen.getByRole('dialog', { name: 'Uploading Image' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
