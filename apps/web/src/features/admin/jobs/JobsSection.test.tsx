import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../../../test/utils';
import JobsSection from './JobsSection';

function renderSection(answer: () => Response) {
  signIn('ADMIN', ['SUPER_ADMIN']);
  mockFetch((url) => (url === '/api/jobs/failed' ? answer() : notFound()));
  renderRoutes([{ path: '/', element: <JobsSection /> }], '/');
}

describe('background jobs section', () => {
  it('lists failed runs with what the job does, when it failed and why', async () => {
    renderSection(() =>
      jsonResponse([
        {
          id: 'a1',
          name: 'deliver-email',
          retryCount: 3,
          failedAt: '2026-11-20T10:00:00.000Z',
          error: 'connect ECONNREFUSED 127.0.0.1:587',
        },
      ]),
    );
    expect(await screen.findByText('Email delivery')).toBeInTheDocument();
    expect(screen.getByText(/after 3 retries/)).toBeInTheDocument();
    expect(screen.getByText('connect ECONNREFUSED 127.0.0.1:587')).toBeInTheDocument();
  });

  it('says when nothing failed', async () => {
    renderSection(() => jsonResponse([]));
    expect(await screen.findByText('No failed jobs')).toBeInTheDocument();
  });

  it('says in a dialog when the list cannot be loaded', async () => {
    renderSection(() => jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveAccessibleDescription(
      'Failed to load background jobs',
    );
  });
});
