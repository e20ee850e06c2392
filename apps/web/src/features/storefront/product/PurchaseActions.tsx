import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ERROR_TITLE, ORDER_LIMIT_TEXT, STOREFRONT_MESSAGES, type Product } from '@zevar/domain';
import { useDialog } from '../../../components/dialog/dialog-context';
import { api } from '../../../lib/api';
import { addOnce, checkoutIdSchema, storeCheckoutId } from '../../../lib/cart';
import { useInCart } from '../../../lib/use-stored';
import { cartPath } from '../paths';
import { QuantityBox } from '../../../components/QuantityBox';
import { useOrderLimits } from '../../../lib/use-order-limits';

/**
 * Quantity, Add to Cart (once; then a go-to-cart control) and Buy Now (a checkout of this product and
 * quantity alone, opened at once; the cart is left as it is).
 */
export function PurchaseActions({
  product,
  shop,
  onQuantityChange,
}: {
  product: Product;
  shop: string;
  /** Told of every quantity change (the offers check coupons against it). */
  onQuantityChange?: (quantity: number) => void;
}) {
  const dialog = useDialog();
  const navigate = useNavigate();
  const [quantity, setQuantity] = useState(product.stock > 0 ? 1 : 0);
  const inCart = useInCart(product.id);
  // Add to Cart turns into Go to Cart: the keyboard's focus moves with it instead of falling to the page.
  const goToCart = useRef<HTMLAnchorElement>(null);
  const [added, setAdded] = useState(false);
  useEffect(() => {
    if (inCart && added) goToCart.current?.focus();
  }, [inCart, added]);

  useEffect(() => setQuantity(product.stock > 0 ? 1 : 0), [product.id, product.stock]);

  useEffect(() => onQuantityChange?.(quantity), [quantity, onQuantityChange]);

  const [buying, setBuying] = useState(false);
  const limits = useOrderLimits();
  const blocked = quantity < 1 || product.stock < 1 || (limits !== null && quantity > limits.perItem);
  const buyNow = async () => {
    setBuying(true);
    try {
      const item = {
        productSku: product.sku,
        quantity,
        price: product.price,
        name: product.name,
        image: product.images[0] ?? null,
      };
      const { checkoutId } = await api.post('/checkout', [item], {
        query: { vendorSlug: shop },
        schema: checkoutIdSchema,
      });
      storeCheckoutId(checkoutId);
      await navigate(`/${encodeURIComponent(shop)}/checkout/${encodeURIComponent(checkoutId)}`);
    } catch {
      await dialog.error(ERROR_TITLE, STOREFRONT_MESSAGES.checkoutFailed);
    } finally {
      setBuying(false);
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3">
        <span className="text-sm font-medium">Quantity</span>
        <QuantityBox value={quantity} stock={product.stock} onChange={setQuantity} />
      </div>
      {limits && (
        <p
          className={`text-xs ${quantity > limits.perItem ? 'font-medium text-red-700' : 'text-taupe'}`}
          data-testid="order-limits"
          role={quantity > limits.perItem ? 'alert' : undefined}
        >
          {quantity > limits.perItem
            ? ORDER_LIMIT_TEXT.perItem(limits.perItem)
            : ORDER_LIMIT_TEXT.caps(limits.perItem, limits.perOrder)}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {inCart ? (
          <Link ref={goToCart} to={cartPath(shop)} className="btn-outline flex-1">
            Go to Cart
          </Link>
        ) : (
          <button
            type="button"
            className="btn-outline flex-1"
            disabled={blocked}
            onClick={() => {
              addOnce(product.id, quantity, product.stock, product.price);
              setAdded(true);
            }}
          >
            Add to Cart
          </button>
        )}
        <button
          type="button"
          className="btn-primary flex-1"
          disabled={blocked || buying}
          onClick={() => void buyNow()}
        >
          Buy Now
        </button>
      </div>
    </div>
  );
}
