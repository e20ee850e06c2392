import {
  emiOptions,
  paiseToRupees,
  rupeesToPaise,
  type CatalogueProduct,
  type ProductAssurance,
  type ReturnsPolicy,
} from '@zevar/domain';
import type { Config } from '../../env';

type AssuranceConfig = Pick<
  Config,
  'EMI_TENURES' | 'EMI_MINIMUM_RUPEES' | 'SHIPMENT_INSURE_ABOVE_RUPEES' | 'BIS_REGISTRATION_NUMBER'
>;

/**
 * What the product page shows a buyer before paying (issue 26 item 6), from the product, the
 * configuration and the returns policy in force: EMI per tenure, insured shipping (the same
 * threshold the shipment desk insures above), the seller's BIS registration, and whether this piece
 * falls under the return window (its price against the cap, its category and parent against the
 * excluded ones).
 */
export function productAssurance(
  product: Pick<CatalogueProduct, 'price' | 'category'>,
  config: AssuranceConfig,
  policy: ReturnsPolicy,
): ProductAssurance {
  const pricePaise = rupeesToPaise(product.price);
  const minimumPaise = config.EMI_MINIMUM_RUPEES * 100;
  return {
    emi: {
      minimum: config.EMI_MINIMUM_RUPEES,
      options: emiOptions(pricePaise, config.EMI_TENURES, minimumPaise).map((o) => ({
        months: o.months,
        annualRatePercent: o.annualRateBp / 100,
        monthly: paiseToRupees(o.monthlyPaise),
        total: paiseToRupees(o.totalPaise),
      })),
    },
    shipping: {
      insured: pricePaise > config.SHIPMENT_INSURE_ABOVE_RUPEES * 100,
      insuredAbove: config.SHIPMENT_INSURE_ABOVE_RUPEES,
    },
    hallmark: { bisRegistration: config.BIS_REGISTRATION_NUMBER ?? null },
    returns: returnsFor(product, pricePaise, policy),
  };
}

function returnsFor(
  product: Pick<CatalogueProduct, 'category'>,
  pricePaise: number,
  policy: ReturnsPolicy,
): ProductAssurance['returns'] {
  if (policy.kind === 'NONE') return { kind: 'NONE' };
  const categories = [product.category.id, product.category.parentCategory?.id].filter(
    (id): id is number => id !== undefined,
  );
  const refusal =
    policy.maxValuePaise !== null && pricePaise > policy.maxValuePaise
      ? 'ABOVE_CAP'
      : categories.some((id) => policy.excludedCategoryIds.includes(id))
        ? 'EXCLUDED_CATEGORY'
        : null;
  return { kind: 'WINDOW', days: policy.days, refusal };
}
