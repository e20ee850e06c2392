import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  RETURNS_POLICY_TEXT,
  returnsPolicyAnswerSchema,
  returnsPolicySchema,
  type ReturnsPolicyAnswer,
} from '@zevar/domain';
import { TextField } from '../../../components/FormFields';
import { PageSpinner } from '../../../components/Spinner';
import { StaleEditNotice } from '../../../components/StaleEditNotice';
import { useDialog } from '../../../components/dialog/dialog-context';
import { categoriesApi } from '../../../lib/catalogue-api';
import { serverMessageOr } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format';
import { returnsPolicyApi } from '../../../lib/returns-policy-api';
import { staleCurrent } from '../../../lib/stale-edit';

type Form = { kind: 'NONE' | 'WINDOW'; days: string; maxValue: string; excluded: number[] };

function toForm(a: ReturnsPolicyAnswer): Form {
  const p = a.policy;
  return p.kind === 'NONE'
    ? { kind: 'NONE', days: '7', maxValue: '', excluded: [] }
    : {
        kind: 'WINDOW',
        days: String(p.days),
        maxValue: p.maxValue === null ? '' : String(p.maxValue),
        excluded: p.excludedCategoryIds,
      };
}

/**
 * The operator's returns policy (issue 22 item 7c): no returns (the default policy text), or returns
 * within N days of delivery, up to a value, outside chosen categories. Saved over the version it was
 * loaded at; a newer save shows the newer policy with the notice.
 */
export default function ReturnsPolicySection() {
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['returns-policy-admin'], queryFn: returnsPolicyApi.admin });
  const categories = useQuery({ queryKey: ['admin-categories'], queryFn: categoriesApi.list });
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState(false);
  const [saving, setSaving] = useState(false);
  const loaded = query.data;
  useEffect(() => {
    if (loaded) setForm(toForm(loaded));
  }, [loaded]);

  if (query.isPending) return <PageSpinner label="Loading returns policy..." />;
  if (query.isError || !loaded)
    return <p className="card p-6 text-center text-red-700">{RETURNS_POLICY_TEXT.loadFailed}</p>;
  if (!form) return null;

  const save = async () => {
    const candidate =
      form.kind === 'NONE'
        ? { kind: 'NONE' as const }
        : {
            kind: 'WINDOW' as const,
            days: Number(form.days),
            maxValue: form.maxValue.trim() === '' ? null : Number(form.maxValue),
            excludedCategoryIds: form.excluded,
          };
    const parsed = returnsPolicySchema.safeParse(candidate);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await returnsPolicyApi.save(parsed.data, loaded.version);
      queryClient.setQueryData(['returns-policy-admin'], saved);
      setStale(false);
      void dialog.success('Success', RETURNS_POLICY_TEXT.saved);
    } catch (err) {
      const current = staleCurrent(err, returnsPolicyAnswerSchema);
      if (current) {
        queryClient.setQueryData(['returns-policy-admin'], current);
        setStale(true);
        return;
      }
      void dialog.error('Error', serverMessageOr(err, RETURNS_POLICY_TEXT.saveFailed));
    } finally {
      setSaving(false);
    }
  };

  const set = (patch: Partial<Form>) => setForm({ ...form, ...patch });
  return (
    <section className="space-y-4" aria-label={RETURNS_POLICY_TEXT.title}>
      <StaleEditNotice show={stale} />
      <form
        className="card max-w-2xl space-y-4 p-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <fieldset className="space-y-2">
          <legend className="label">{RETURNS_POLICY_TEXT.kindLabel}</legend>
          {(['NONE', 'WINDOW'] as const).map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="returns-kind"
                className="accent-gold-700"
                checked={form.kind === kind}
                onChange={() => set({ kind })}
              />
              {kind === 'NONE' ? RETURNS_POLICY_TEXT.none : RETURNS_POLICY_TEXT.window}
            </label>
          ))}
        </fieldset>
        {form.kind === 'WINDOW' && (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={RETURNS_POLICY_TEXT.daysLabel}
                required
                inputMode="numeric"
                value={form.days}
                error={errors.days}
                onChange={(e) => set({ days: e.target.value })}
              />
              <TextField
                label={RETURNS_POLICY_TEXT.capLabel}
                inputMode="decimal"
                value={form.maxValue}
                error={errors.maxValue}
                onChange={(e) => set({ maxValue: e.target.value })}
              />
            </div>
            <fieldset className="space-y-1">
              <legend className="label">{RETURNS_POLICY_TEXT.excludedLabel}</legend>
              {categories.isPending && <p className="text-sm text-taupe">Loading categories...</p>}
              <div className="grid gap-1 sm:grid-cols-2">
                {(categories.data ?? []).map((c) => (
                  <label key={c.id} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-gold-700"
                      checked={form.excluded.includes(c.id)}
                      onChange={(e) =>
                        set({
                          excluded: e.target.checked
                            ? [...form.excluded, c.id]
                            : form.excluded.filter((id) => id !== c.id),
                        })
                      }
                    />
                    {c.parentCategory ? `${c.parentCategory.name} › ${c.name}` : c.name}
                  </label>
                ))}
              </div>
            </fieldset>
          </>
        )}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-taupe">
            {loaded.updatedAt
              ? `Last saved ${formatDateTime(loaded.updatedAt)} by ${loaded.updatedBy ?? 'unknown'}`
              : 'Not changed yet: the default policy applies.'}
          </p>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </section>
  );
}
