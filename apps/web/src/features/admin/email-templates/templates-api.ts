import { z } from 'zod';
import { emailPreviewSchema, emailTemplateSchema, type EmailTemplateInput } from '@zevar/domain';
import { api } from '../../../lib/api';

export const TEMPLATE_MSG = {
  loadFailed: 'Failed to load email templates',
  createFailed: 'Failed to create template',
  updateFailed: 'Failed to update template',
  deleteFailed: 'Failed to delete template',
  previewFailed: 'Failed to preview template',
  created: 'Template created successfully',
  updated: 'Template updated successfully',
  deleted: 'Template deleted successfully',
  confirmDelete: (name: string) => `Are you sure you want to delete template "${name}"?`,
} as const;

export const templatesApi = {
  list: () => api.get('/email-templates', { schema: z.array(emailTemplateSchema) }),
  create: (body: EmailTemplateInput) => api.post('/email-templates', body, { schema: emailTemplateSchema }),
  /** Saves an edit made from `version`; a newer one answers 409 with `current` (see staleCurrent). */
  update: (id: number, body: EmailTemplateInput, version: number) =>
    api.put(`/email-templates/${id}`, { ...body, version }, { schema: emailTemplateSchema }),
  remove: (id: number) => api.delete(`/email-templates/${id}`),
  /** The email as it will be sent (sanitised), with sample order values. */
  preview: (body: { subject: string; body: string }) =>
    api.post('/email-templates/preview', body, { schema: emailPreviewSchema }),
};
