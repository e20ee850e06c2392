// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../../../test/utils';
import JobsSection from './JobsSection';

const paged = (content: object[], totalElements = content.length, number = 0) => ({
  content,
  totalPages: Math.ceil(totalElements / 20),
  totalElements,
  size: 20,
  number,
});

function renderSection(answer: () => Response) {
  signIn('ADMIN', ['SUPER_ADMIN']);
  mockFetch((url) => (url.startsWith('/api/jobs/failed?') ? answer() : notFound()));
  renderRoutes([{ path: '/', element: <JobsSection /> }], '/');
}

describe('background jobs section', () => {
  it('lists failed runs with what the job does, when it failed and why', async () => {
    renderSection(() =>
      jsonResponse(
        paged([
          {
            id: 'a1',
            name: 'deliver-email',
            retryCount: 3,
            failedAt: '2026-11-20T10:00:00.000Z',
            error: 'connect ECONNREFUSED 127.0.0.1:587',
          },
        ]),
      ),
    );
    expect(await screen.findByText('Email delivery')).toBeInTheDocument();
    expect(screen.getByText(/after 3 retries/)).toBeInTheDocument();
    expect(screen.getByText('connect ECONNREFUSED 127.0.0.1:587')).toBeInTheDocument();
  });

  it('pages through failed runs beyond the first page, asking the server for each page', async () => {
    signIn('ADMIN', ['SUPER_ADMIN']);
    const asked: string[] = [];
    const run = (n: number) => ({
      id: `r${n}`,
      name: 'deliver-email',
      retryCount: 3,
      failedAt: '2026-11-20T10:00:00.000Z',
      error: `failure ${n}`,
    });
    mockFetch((url) => {
      if (!url.startsWith('/api/jobs/failed?')) return notFound();
      asked.push(url);
      const page = Number(new URLSearchParams(url.split('?')[1]).get('page'));
      return jsonResponse(paged(page === 0 ? [run(1)] : [run(40)], 40, page));
    });
    renderRoutes([{ path: '/', element: <JobsSection /> }], '/');
    expect(await screen.findByText('failure 1')).toBeInTheDocument();
    const pages = screen.getAllByRole('navigation', { name: 'Pagination' })[0]!;
    expect(pages).toHaveTextContent('Page 1 of 2');
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('failure 40')).toBeInTheDocument();
    expect(asked).toContain('/api/jobs/failed?page=1&size=20');
  });

  it('says when nothing failed', async () => {
    renderSection(() => jsonResponse(paged([])));
    expect(await screen.findByText('No failed jobs')).toBeInTheDocument();
  });

  it('says in a dialog when the list cannot be loaded', async () => {
    renderSection(() => jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveAccessibleDescription(
      'Failed to load background jobs',
    );
  });

  it('shows failing mail with its last error under Background Jobs, and retries it', async () => {
    signIn('ADMIN', ['SUPER_ADMIN']);
    const mail = {
      id: 41,
      dedupeKey: 'order-confirmation:ord-1',
      to: 'asha@example.in',
      subject: 'Your order ZV-1001 is confirmed',
      status: 'PENDING',
      attempts: 3,
      lastError: 'connect ECONNREFUSED 10.0.0.5:587',
      nextAttemptAt: '2026-11-20T10:04:00.000Z',
      sentAt: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    const calls: string[] = [];
    mockFetch((url, init) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      if (url.startsWith('/api/jobs/failed?')) return jsonResponse(paged([]));
      if (url.startsWith('/api/mail/outbox?'))
        return jsonResponse({ content: [mail], totalElements: 1, totalPages: 1, size: 20, number: 0 });
      if (url === '/api/mail/outbox/41/retry') return jsonResponse({ ...mail, attempts: 0 });
      return notFound();
    });
    renderRoutes([{ path: '/', element: <JobsSection /> }], '/');
    expect(await screen.findByText('Last error: connect ECONNREFUSED 10.0.0.5:587')).toBeInTheDocument();
    expect(screen.getByText(/Failing: 3 tries/)).toBeInTheDocument();
    expect(calls).toContain('GET /api/mail/outbox?view=FAILING&page=0&size=20');
    fireEvent.click(screen.getByRole('button', { name: /Retry mail Your order ZV-1001/ }));
    await waitFor(() => expect(calls).toContain('POST /api/mail/outbox/41/retry'));
    expect(await screen.findByText('The mail will be sent on the next delivery run')).toBeInTheDocument();
  });
});
