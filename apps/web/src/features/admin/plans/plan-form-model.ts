import { z } from 'zod';
import { PLAN_MSG, vendorPlanSchema, type Plan, type VendorPlan } from '@zevar/domain';
import { api } from '../../../lib/api';

export interface OptionDraft {
  id?: number;
  durationInMonths: number;
  price: number;
  active: boolean;
}

export interface PlanDraft {
  id?: number;
  /** The version an edit started from (sent with the save; 409 when someone else saved meanwhile). */
  version?: number;
  plan: Plan | '';
  options: OptionDraft[];
  features: string[];
}

export const PLANS_MSG = {
  loadFailed: 'Failed to load plans',
  createFailed: 'Failed to create plan',
  updateFailed: 'Failed to update plan',
  deleteFailed: 'Failed to delete plan',
  created: 'Plan created successfully',
  updated: 'Plan updated successfully',
  deleted: 'Plan deleted successfully',
  confirmDelete: 'Are you sure you want to delete this plan?',
} as const;

/** Default form: Free type; 12 months price 0 active and 6 months price 0 active. */
export function emptyDraft(): PlanDraft {
  return {
    plan: 'FREE',
    options: [
      { durationInMonths: 12, price: 0, active: true },
      { durationInMonths: 6, price: 0, active: true },
    ],
    features: [],
  };
}

/** A new option: 1 month, price 0, active. */
export const newOption = (): OptionDraft => ({ durationInMonths: 1, price: 0, active: true });

export function draftFromPlan(plan: VendorPlan): PlanDraft {
  return {
    id: plan.id,
    version: plan.version,
    plan: plan.plan,
    options: plan.options.map((o) => ({ ...o })),
    features: [...plan.features],
  };
}

const validOption = (o: OptionDraft) =>
  Number.isInteger(o.durationInMonths) &&
  o.durationInMonths >= 1 &&
  o.durationInMonths <= 120 &&
  Number.isFinite(o.price) &&
  o.price >= 0 &&
  Math.round(o.price * 100) === o.price * 100;

/** The validation messages of a draft, in the order the form shows them; empty when valid. */
export function validatePlan(draft: PlanDraft): string[] {
  const messages: string[] = [];
  if (!draft.plan) messages.push(PLAN_MSG.selectType);
  if (draft.features.filter((f) => f.trim()).length === 0) messages.push(PLAN_MSG.feature);
  if (draft.options.length === 0) messages.push(PLAN_MSG.option);
  else if (!draft.options.every(validOption)) messages.push(PLAN_MSG.optionFields);
  return messages;
}

export function toPlanBody(draft: PlanDraft) {
  return {
    ...(draft.id !== undefined ? { id: draft.id } : {}),
    ...(draft.version !== undefined ? { version: draft.version } : {}),
    plan: draft.plan,
    features: draft.features,
    options: draft.options.map((o) => ({
      ...(o.id !== undefined ? { id: o.id } : {}),
      durationInMonths: o.durationInMonths,
      price: o.price,
      active: o.active,
    })),
  };
}

export const plansApi = {
  list: () => api.get('/vendor-plan/admin', { schema: z.array(vendorPlanSchema) }),
  create: (draft: PlanDraft) => api.post('/vendor-plan', toPlanBody(draft), { schema: vendorPlanSchema }),
  update: (id: number, draft: PlanDraft) =>
    api.put(`/vendor-plan/${id}`, toPlanBody(draft), { schema: vendorPlanSchema }),
  remove: (id: number) => api.delete(`/vendor-plan/${id}`),
};
