import { useQuery } from '@tanstack/react-query';
import { PIN_CODE_PATTERN, type DeliveryEstimate } from '@zevar/domain';
import { api } from './api';
import { readItem, writeItem } from './storage';

/*
 * 'Delivery by <date>' for a PIN code (issue 22 item 6), shared by the product page's delivery box and
 * checkout's delivery line. Only lazily loaded components import this module, and it checks the answer
 * by hand: every chunk it brings along would be listed in the pages' first script.
 */

/** The answer's shape (deliveryEstimateSchema in @zevar/domain), checked without zod. */
const estimateAnswer = {
  parse(value: unknown): DeliveryEstimate {
    const v = value as Partial<DeliveryEstimate> | null;
    if (
      typeof v !== 'object' ||
      v === null ||
      typeof v.pin !== 'string' ||
      typeof v.serviceable !== 'boolean' ||
      typeof v.message !== 'string' ||
      !(v.deliveryBy === null || typeof v.deliveryBy === 'string')
    )
      throw new Error('Unexpected delivery estimate');
    return v as DeliveryEstimate;
  },
};

/** The PIN code the shopper last checked, remembered across visits (kept here, not in STORAGE_KEYS, so
 * the storefront's first script does not carry it). */
const DELIVERY_PIN_KEY = 'delivery_pin';

export const rememberedPin = (): string => {
  const pin = readItem(DELIVERY_PIN_KEY) ?? '';
  return PIN_CODE_PATTERN.test(pin) ? pin : '';
};
export const rememberPin = (pin: string) => writeItem(DELIVERY_PIN_KEY, pin);

/** The estimate for a PIN code from a shop; idle while `pin` is not a well-formed PIN code. */
export function useDeliveryEstimate(pin: string | null, vendorSlug: string | undefined) {
  const ready = pin !== null && PIN_CODE_PATTERN.test(pin);
  return useQuery({
    queryKey: ['delivery-estimate', pin, vendorSlug ?? ''],
    queryFn: () =>
      api.get('/delivery-estimate', {
        query: { pin, vendorSlug: vendorSlug || undefined },
        schema: estimateAnswer,
        anonymous: true,
      }),
    enabled: ready,
    staleTime: 10 * 60_000,
    retry: false,
  });
}
