// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_TEMPLATE_BODY, MSG } from '@zevar/domain';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../../../test/utils';
import EmailTemplatesSection from './EmailTemplatesSection';

const welcome = {
  id: 4,
  name: 'welcome',
  subject: 'Welcome!',
  variables: 'name',
  body: '<p>Hi</p>',
  updatedAt: '2026-01-01T00:00:00Z',
};

function renderSection() {
  signIn('ADMIN', ['SUPER_ADMIN']);
  const fetchMock = mockFetch((url, init) => {
    if (url === '/api/email-templates' && (init.method ?? 'GET') === 'GET') return jsonResponse([welcome]);
    if (url === '/api/email-templates' && init.method === 'POST')
      return jsonResponse({ ...welcome, id: 5 }, 201);
    if (url === '/api/email-templates/preview') {
      const sent = JSON.parse(init.body as string) as { subject: string; body: string };
      return jsonResponse({
        subject: sent.subject.replace('{{orderNumber}}', 'ZV261122-1A2B3C4D'),
        html: sent.body.replace('{{customerName}}', 'Asha Rao'),
      });
    }
    if (url === '/api/email-templates/4' && init.method === 'DELETE')
      return new Response(null, { status: 204 });
    return notFound();
  });
  renderRoutes([{ path: '/', element: <EmailTemplatesSection /> }], '/');
  return { fetchMock, user: userEvent.setup() };
}

describe('email template manager', () => {
  it('creates a template from the default order-confirmation body, requiring name and subject', async () => {
    const { fetchMock, user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'New' }));
    expect(screen.getByRole('heading', { name: 'Create Template' })).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Body' }).innerHTML).toBe(DEFAULT_TEMPLATE_BODY);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText('Name')).toHaveAccessibleDescription(MSG.required);
    expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription(MSG.required);

    await user.type(screen.getByLabelText('Name'), 'order-shipped');
    await user.type(screen.getByLabelText('Subject'), 'Your order is on its way');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Success' })).toHaveAccessibleDescription(
      'Template created successfully',
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      name: 'order-shipped',
      subject: 'Your order is on its way',
      body: DEFAULT_TEMPLATE_BODY,
    });
  });

  it('previews the email being edited as it will be sent, with sample values, without saving', async () => {
    const { fetchMock, user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'New' }));
    await user.type(screen.getByLabelText('Subject'), 'Order {{{{orderNumber}} confirmed');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview with sample values' });
    expect(preview).toHaveTextContent('Subject: Order ZV261122-1A2B3C4D confirmed');
    const frame = within(preview).getByTitle('Email preview');
    expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
    // The frame is written once it has loaded: later than the region on a busy machine.
    await waitFor(() =>
      expect((frame as HTMLIFrameElement).contentDocument?.body.textContent).toContain(
        'Thank you for your order, Asha Rao!',
      ),
    );
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === '/api/email-templates' && init?.method === 'POST'),
    ).toBe(false);
  });

  it('asks before deleting and reports the deletion', async () => {
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Delete welcome' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    expect(confirm).toHaveAccessibleDescription('Are you sure you want to delete template "welcome"?');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('dialog', { name: 'Success' })).toHaveAccessibleDescription(
      'Template deleted successfully',
    );
  });
});
