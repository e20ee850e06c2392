import { StaleEditNotice } from '../../../components/StaleEditNotice';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  DEFAULT_TEMPLATE_BODY,
  emailTemplateInputSchema,
  type EmailTemplate,
  type EmailTemplateInput,
} from '@zevar/domain';
import { TextField } from '../../../components/FormFields';
import { useDialog } from '../../../components/dialog/dialog-context';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { errorMessage } from '../../../lib/api';
import { EmailPreviewFrame } from './EmailPreviewFrame';
import { RichTextEditor } from './RichTextEditor';
import { TEMPLATE_MSG, templatesApi } from './templates-api';

type FormInput = z.input<typeof emailTemplateInputSchema>;

/** Shown for reference only: the server sends with its MAIL_FROM (default below). */
const FROM_ADDRESS = 'Zevar <orders@zevar.in>';

export interface TemplateFormProps {
  template: EmailTemplate | null;
  onSave: (values: EmailTemplateInput) => Promise<void>;
  onCancel: () => void;
  /** The last save was refused: someone else changed the template, whose newer values the form holds. */
  stale?: boolean;
}

/** 'Create Template' / 'Edit Template': name and subject required; the body is HTML. */
export function TemplateForm({ template, onSave, onCancel, stale = false }: TemplateFormProps) {
  const dialog = useDialog();
  const [preview, setPreview] = useState<{ subject: string; html: string } | null>(null);
  const { register, handleSubmit, control, formState, getValues } = useForm<
    FormInput,
    unknown,
    EmailTemplateInput
  >({
    resolver: zodResolver(emailTemplateInputSchema),
    mode: 'onTouched',
    defaultValues: template
      ? { name: template.name, subject: template.subject, variables: template.variables, body: template.body }
      : { name: '', subject: '', variables: 'customerName, orderNumber', body: DEFAULT_TEMPLATE_BODY },
  });
  const { errors, isSubmitting } = formState;
  const { confirmDiscard } = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitSuccessful);
  const cancel = () => void confirmDiscard().then((discard) => discard && onCancel());
  const showPreview = async () => {
    try {
      setPreview(
        await templatesApi.preview({ subject: getValues('subject') ?? '', body: getValues('body') ?? '' }),
      );
    } catch (err) {
      await dialog.error('Error', `${TEMPLATE_MSG.previewFailed}: ${errorMessage(err)}`);
    }
  };
  return (
    <form
      noValidate
      aria-labelledby="template-form-title"
      className="card space-y-4 p-6"
      onSubmit={(event) => void handleSubmit(onSave)(event)}
    >
      <h2 id="template-form-title" className="text-2xl font-semibold">
        {template ? 'Edit Template' : 'Create Template'}
      </h2>
      <StaleEditNotice show={stale} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" required error={errors.name?.message} {...register('name')} />
        <TextField label="From" value={FROM_ADDRESS} disabled readOnly />
        <TextField
          label="Subject"
          required
          className="sm:col-span-2"
          error={errors.subject?.message}
          {...register('subject')}
        />
        <TextField
          label="Variables"
          className="sm:col-span-2"
          hint="Comma-separated names used as {{name}} in the subject and body"
          error={errors.variables?.message}
          {...register('variables')}
        />
      </div>
      <Controller
        control={control}
        name="body"
        render={({ field }) => (
          <RichTextEditor label="Body" value={field.value ?? ''} onChange={field.onChange} height={500} />
        )}
      />
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className="btn-outline" onClick={() => void showPreview()}>
          Preview
        </button>
        <button type="button" className="btn-outline" onClick={cancel}>
          Cancel
        </button>
      </div>
      {preview && (
        <section aria-labelledby="template-preview-title" className="space-y-2">
          <h3 id="template-preview-title" className="text-lg font-semibold">
            Preview with sample values
          </h3>
          <p className="text-sm">
            <span className="font-medium">Subject:</span> {preview.subject}
          </p>
          <EmailPreviewFrame html={preview.html} />
        </section>
      )}
    </form>
  );
}
