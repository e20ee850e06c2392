import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { emailTemplateSchema, type EmailTemplate, type EmailTemplateInput } from '@zevar/domain';
import { staleCurrent } from '../../../lib/stale-edit';
import { PageSpinner } from '../../../components/Spinner';
import { useDialog } from '../../../components/dialog/dialog-context';
import { serverMessageOr } from '../../../lib/error-text';
import { TemplateForm } from './TemplateForm';
import { TEMPLATE_MSG, templatesApi } from './templates-api';

const KEY = ['email-templates'] as const;
/** `stale`: the last save was refused because someone else saved first; `template` holds their values. */
type Mode = { kind: 'list' } | { kind: 'form'; template: EmailTemplate | null; stale?: boolean };

/** Email templates: list with New, Edit and Delete; one form for create and edit. */
export default function EmailTemplatesSection() {
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const templates = useQuery({ queryKey: KEY, queryFn: templatesApi.list });
  const [mode, setMode] = useState<Mode>({ kind: 'list' });

  useEffect(() => {
    if (templates.isError) void dialog.error('Error', TEMPLATE_MSG.loadFailed);
  }, [templates.isError, dialog]);

  const reload = () => void queryClient.invalidateQueries({ queryKey: KEY });

  const save = (template: EmailTemplate | null) => async (values: EmailTemplateInput) => {
    try {
      if (template) await templatesApi.update(template.id, values, template.version);
      else await templatesApi.create(values);
      reload();
      setMode({ kind: 'list' });
      void dialog.success('Success', template ? TEMPLATE_MSG.updated : TEMPLATE_MSG.created);
    } catch (err) {
      const newer = staleCurrent(err, emailTemplateSchema);
      if (newer) {
        reload();
        return setMode({ kind: 'form', template: newer, stale: true });
      }
      void dialog.error(
        'Error',
        serverMessageOr(err, template ? TEMPLATE_MSG.updateFailed : TEMPLATE_MSG.createFailed),
      );
    }
  };

  const remove = async (template: EmailTemplate) => {
    const ok = await dialog.confirm('Confirm Delete', TEMPLATE_MSG.confirmDelete(template.name));
    if (!ok) return;
    try {
      await templatesApi.remove(template.id);
      reload();
      void dialog.success('Success', TEMPLATE_MSG.deleted);
    } catch (err) {
      void dialog.error('Error', serverMessageOr(err, TEMPLATE_MSG.deleteFailed));
    }
  };

  if (mode.kind === 'form') {
    return (
      <TemplateForm
        key={mode.template ? `${mode.template.id}@${mode.template.version}` : 'new'}
        template={mode.template}
        stale={mode.stale}
        onSave={save(mode.template)}
        onCancel={() => setMode({ kind: 'list' })}
      />
    );
  }

  return (
    <section aria-labelledby="templates-title" className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="templates-title" className="text-2xl font-semibold">
          Email Templates
        </h2>
        <button
          type="button"
          className="btn-primary"
          onClick={() => setMode({ kind: 'form', template: null })}
        >
          New
        </button>
      </div>
      {templates.isPending && <PageSpinner label="Loading email templates..." />}
      {templates.data?.length === 0 && (
        <p className="card p-6 text-center text-taupe">No email templates yet</p>
      )}
      <ul className="space-y-3">
        {templates.data?.map((t) => (
          <li key={t.id} className="card flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="min-w-0">
              <p className="font-semibold break-words">{t.name}</p>
              <p className="text-sm break-words text-taupe">{t.subject}</p>
            </div>
            <div className="flex gap-2">
              <button
                type="button"
                className="btn-outline"
                aria-label={`Edit ${t.name}`}
                onClick={() => setMode({ kind: 'form', template: t })}
              >
                Edit
              </button>
              <button
                type="button"
                className="btn-danger"
                aria-label={`Delete ${t.name}`}
                onClick={() => void remove(t)}
              >
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
