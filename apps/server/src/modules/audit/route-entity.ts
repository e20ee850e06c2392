/**
 * What a write route changes, read from its path, for the generic record of a route that did not
 * describe its change: `/api/products/:id/restore` is `restore` of `product` `:id`.
 */
const ENTITY_OF_SEGMENT: Record<string, string> = {
  products: 'product',
  metals: 'metal',
  category: 'category',
  'coupon-codes': 'coupon',
  'vendor-plan': 'plan',
  user: 'user',
  orders: 'order',
  'vendor-payouts': 'payout',
  'email-templates': 'email-template',
  carousels: 'carousel',
  reviews: 'review',
  subscriptions: 'subscription',
  image: 'image',
  mail: 'mail',
};

const ID_PARAMS = ['purityId', 'id', 'orderNumber', 'vendorId', 'productId', 'name'];

const ACTION_OF_METHOD: Record<string, string> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

export function routeEntity(
  method: string,
  route: string,
  params: Record<string, unknown>,
): { action: string; entityType: string; entityId: string | null } {
  const segments = route.replace(/^\/api\//, '').split('/');
  const first = segments[0] ?? '';
  const purity = 'purityId' in params;
  const entityType = purity ? 'purity' : (ENTITY_OF_SEGMENT[first] ?? first);
  const idName = ID_PARAMS.find((p) => params[p] !== undefined);
  const entityId = idName ? String(params[idName] as string) : null;
  // A last fixed word names the action (`restore`, `activate`, `confirm-bank`, `change-password`).
  const last = segments.at(-1) ?? '';
  const named = segments.length > 1 && !last.startsWith(':');
  const action = named ? last : (ACTION_OF_METHOD[method] ?? method.toLowerCase());
  return { action, entityType, entityId };
}
