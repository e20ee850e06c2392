import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  METAL_RATE_TEXT,
  metalPricesInputSchema,
  metalPricesSchema,
  type Metal,
  type MetalPrices,
  type MetalPricesInput,
} from '@zevar/domain';
import { StaleEditNotice } from '../../../components/StaleEditNotice';
import { staleCurrent } from '../../../lib/stale-edit';
import { TextField } from '../../../components/FormFields';
import { useDialog } from '../../../components/dialog/dialog-context';
import { formatDateTime, formatInr } from '../../../lib/format';
import { catalogueKeys, metalsApi } from '../../../lib/catalogue-api';
import { failure } from '../../../lib/error-text';
import { TITLE } from '../../../lib/admin-messages';
import { confirmRateChanges } from './rate-confirmation';

const LOAD_FAILED = 'Failed to load metal prices';
const UPDATE_FAILED = 'Failed to update metal prices';
/** The two rates the summary shows and edits, in order. */
const RATES = [
  { key: 'gold', name: 'Gold' },
  { key: 'silver', name: 'Silver' },
] as const;

/**
 * Back-office 'Metal prices summary': the Gold and Silver rates with their last update, edited together.
 * Saving shows what changes (and asks twice above 10 %), then answers 'Metal prices updated successfully'.
 */
export function MetalPricesSummary({
  metals,
  onChanged,
}: {
  metals: Metal[];
  onChanged: () => Promise<unknown>;
}) {
  const dialog = useDialog();
  const qc = useQueryClient();
  const prices = useQuery({ queryKey: catalogueKeys.metalPrices, queryFn: metalsApi.prices });
  const [editing, setEditing] = useState(false);
  /** The last save was refused: someone else changed a rate; the form holds the newer rates. */
  const [stale, setStale] = useState(false);
  const form = useForm<MetalPricesInput>({ resolver: zodResolver(metalPricesInputSchema) });
  /** The rates and the versions an edit starts from (the versions travel with the save). */
  const startFrom = (p: MetalPrices) =>
    form.reset({
      gold: p.gold ?? undefined,
      silver: p.silver ?? undefined,
      goldVersion: p.goldVersion ?? undefined,
      silverVersion: p.silverVersion ?? undefined,
    });
  const refresh = () =>
    Promise.all([qc.invalidateQueries({ queryKey: catalogueKeys.metalPrices }), onChanged()]);
  const save = useMutation({
    mutationFn: metalsApi.updatePrices,
    onSuccess: async () => {
      setEditing(false);
      setStale(false);
      await refresh();
      await dialog.success(TITLE.success, METAL_RATE_TEXT.pricesUpdated);
    },
    onError: async (err) => {
      const newer = staleCurrent(err, metalPricesSchema);
      if (!newer) return dialog.error(TITLE.error, failure(UPDATE_FAILED, err));
      startFrom(newer);
      setStale(true);
      await refresh();
    },
  });

  const byName = (name: string) => metals.find((m) => m.name.toLowerCase() === name.toLowerCase());
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const previews = await Promise.all(
        RATES.map((r) => ({ metal: byName(r.name), price: values[r.key] }))
          .filter(
            (c): c is { metal: Metal; price: number } => c.metal !== undefined && c.metal.price !== c.price,
          )
          .map(async (c) => ({ name: c.metal.name, preview: await metalsApi.preview(c.metal.id, c.price) })),
      );
      if (previews.length > 0 && !(await confirmRateChanges(dialog, previews))) return;
      const big = previews.some((p) => p.preview.bigChange);
      save.mutate(big ? { ...values, confirmBigChange: true } : values);
    } catch (err) {
      return void dialog.error(TITLE.error, failure(UPDATE_FAILED, err));
    }
  });

  if (prices.isError)
    return (
      <p role="alert" className="text-red-700">
        {LOAD_FAILED}
      </p>
    );
  const data = prices.data;
  return (
    <section className="card p-5" aria-labelledby="metal-prices-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="metal-prices-title" className="text-lg font-semibold">
          Metal prices
        </h3>
        {data?.lastUpdated && (
          <p className="text-xs text-taupe">Last updated: {formatDateTime(data.lastUpdated)}</p>
        )}
      </div>
      {editing ? (
        <form
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          className="mt-3 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        >
          {stale && (
            <div className="sm:col-span-3">
              <StaleEditNotice />
            </div>
          )}
          {RATES.map((r) => (
            <TextField
              key={r.key}
              label={`${r.name} per gram (₹)`}
              type="number"
              min={0}
              step={0.01}
              required
              error={form.formState.errors[r.key]?.message}
              {...form.register(r.key, { valueAsNumber: true })}
            />
          ))}
          <div className="flex gap-2 sm:pt-6">
            <button
              type="submit"
              className="btn-primary"
              disabled={save.isPending || form.formState.isSubmitting}
            >
              Save
            </button>
            <button
              type="button"
              className="btn-outline"
              onClick={() => {
                setEditing(false);
                setStale(false);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="mt-3 flex flex-wrap items-end gap-x-8 gap-y-3">
          {RATES.map((r) => {
            const rate = data?.[r.key];
            return (
              <p key={r.key}>
                <span className="block text-sm text-taupe">{r.name}</span>
                <span className="text-xl text-gold-800" data-testid={`summary-${r.key}`}>
                  {rate == null ? '—' : formatInr(rate)}
                </span>{' '}
                <span className="text-sm text-taupe">per gram</span>
              </p>
            );
          })}
          <button
            type="button"
            className="btn-outline"
            disabled={!data || data.gold === null || data.silver === null}
            onClick={() => {
              if (data) startFrom(data);
              setEditing(true);
            }}
          >
            Edit prices
          </button>
        </div>
      )}
    </section>
  );
}
