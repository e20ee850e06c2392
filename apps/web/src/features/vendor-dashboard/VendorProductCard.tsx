import { stoneLabel, type CatalogueProduct as Product, type User } from '@zevar/domain';
import { ImageWithFallback } from '../../components/ImageWithFallback';
import { Price } from '../../components/Price';
import { formatInr } from '../../lib/format';
import { productUrl, whatsappShareUrl } from './vendor-products';

function WhatsAppIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true">
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.8 11.9 11.9 0 0 0 4.6 4c1.7.7 2.4.8 3.2.7a2.8 2.8 0 0 0 1.8-1.3 2.3 2.3 0 0 0 .2-1.3c-.1-.1-.2-.2-.5-.3z" />
    </svg>
  );
}

/** A product the vendor can sell: opens the public page in a new tab; the share button opens WhatsApp. */
export function VendorProductCard({ product, vendor }: { product: Product; vendor: User }) {
  const origin = window.location.origin;
  const url = vendor.slug
    ? productUrl(origin, vendor.slug, product)
    : `${origin}/product/${encodeURIComponent(product.slug)}`;
  const vendorName = vendor.bussinessName ?? vendor.name;
  return (
    <article className="card flex h-full flex-col overflow-hidden">
      <a href={url} target="_blank" rel="noopener noreferrer" className="group block flex-1">
        <ImageWithFallback
          src={product.images[0]}
          alt={product.name}
          className="aspect-square w-full object-cover transition-transform group-hover:scale-[1.02]"
        />
        <div className="space-y-1 p-3 sm:p-4">
          <h3 className="line-clamp-2 font-semibold text-ink group-hover:text-gold-800">{product.name}</h3>
          {product.gem && (
            <p className="text-xs font-medium text-gold-800">
              {stoneLabel(product.gem.kind, product.gem.origin)}
              {product.gem.certificate ? ` · ${product.gem.certificate.lab} certificate` : ''}
            </p>
          )}
          <Price amount={product.price} />
          <p className="text-sm text-emerald-800">
            Your commission: <strong>{formatInr(product.vendorCommission)}</strong>
          </p>
        </div>
      </a>
      <div className="px-3 pb-3 sm:px-4 sm:pb-4">
        <a
          href={whatsappShareUrl(product, vendorName, url)}
          target="_blank"
          rel="noopener noreferrer"
          className="btn w-full bg-emerald-600 px-2 text-xs text-white hover:bg-emerald-700 sm:text-sm"
          aria-label={`Share ${product.name} on WhatsApp`}
        >
          <WhatsAppIcon /> Share on WhatsApp
        </a>
      </div>
    </article>
  );
}
