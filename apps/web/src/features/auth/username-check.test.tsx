// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { jsonResponse, mockFetch, testQueryClient } from '../../test/utils';
import { RegisterForm } from './RegisterForm';

function checkCalls(fetchMock: ReturnType<typeof mockFetch>): string[] {
  return fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('check-username'));
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function typeUsername(value: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value } });
}

describe('username availability check', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(available: (username: string) => boolean) {
    const fetchMock = mockFetch((url) => {
      const username = new URL(url, 'http://localhost').searchParams.get('username') ?? '';
      return jsonResponse({ available: available(username) });
    });
    render(
      <AppProviders queryClient={testQueryClient()}>
        <RegisterForm onRegistered={() => undefined} />
      </AppProviders>,
    );
    return fetchMock;
  }

  it('waits for a 300 ms pause before asking', async () => {
    const fetchMock = setup(() => true);
    typeUsername('asha');
    await advance(299);
    expect(checkCalls(fetchMock)).toEqual([]);
    await advance(1);
    expect(checkCalls(fetchMock)).toEqual(['/api/user/check-username?username=asha']);
    expect(screen.getByText('Username is available')).toBeInTheDocument();
  });

  it('asks only once for a burst of typing, with the last value', async () => {
    const fetchMock = setup(() => true);
    typeUsername('ash');
    await advance(200);
    typeUsername('asha');
    await advance(200);
    typeUsername('asha_');
    await advance(200);
    typeUsername('asha_g');
    await advance(300);
    expect(checkCalls(fetchMock)).toEqual(['/api/user/check-username?username=asha_g']);
  });

  it('does not ask for fewer than 3 characters', async () => {
    const fetchMock = setup(() => true);
    typeUsername('a');
    await advance(400);
    typeUsername('as');
    await advance(400);
    expect(checkCalls(fetchMock)).toEqual([]);
    expect(screen.queryByText(/Username is/)).not.toBeInTheDocument();
  });

  it('does not ask again when the value has not changed', async () => {
    const fetchMock = setup(() => false);
    typeUsername('taken');
    await advance(300);
    expect(screen.getByText('Username is not available')).toBeInTheDocument();
    typeUsername('taken1');
    await advance(100);
    typeUsername('taken');
    await advance(400);
    expect(checkCalls(fetchMock)).toEqual(['/api/user/check-username?username=taken']);
    expect(screen.getByText('Username is not available')).toBeInTheDocument();
  });

  it('shows the checking state while the answer is pending', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    render(
      <AppProviders queryClient={testQueryClient()}>
        <RegisterForm onRegistered={() => undefined} />
      </AppProviders>,
    );
    typeUsername('meera');
    await advance(300);
    expect(screen.getByText('Checking availability...')).toBeInTheDocument();
    await act(async () => answer(jsonResponse({ available: true })));
    expect(screen.getByText('Username is available')).toBeInTheDocument();
  });
});
