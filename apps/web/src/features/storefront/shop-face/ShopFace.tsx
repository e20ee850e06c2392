import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CATEGORY_BANNER_SIZES,
  formatIndianMobile,
  shopFaceSchema,
  storedImageSrcSet,
  storedImageUrl,
  whatsAppChatLink,
  whatsAppChatMessage,
  type ShopFace as Face,
} from '@zevar/domain';
import { api, embeddedAnswer } from '../../../lib/api';
import { useVendorSlug } from '../../../lib/use-vendor-slug';

/** Which part of the face a place shows: the header's logo, the shop home's block, a product's chat. */
export type ShopFaceView = { part: 'logo' | 'home' | 'product'; productName?: string };

const shopAnswer = z.object({ name: z.string(), bussinessName: z.string().nullable(), face: shopFaceSchema });
type ShopAnswer = z.infer<typeof shopAnswer>;

const check = (v: unknown): ShopAnswer | undefined => {
  const r = shopAnswer.safeParse(v);
  return r.success ? r.data : undefined;
};

/** The shop's public answer (GET /api/vendors/slug/{slug}), embedded by the server on its pages. */
function useShopAnswer(slug: string) {
  const path = `/vendors/slug/${encodeURIComponent(slug)}`;
  return useQuery({
    queryKey: ['shop-face', slug],
    queryFn: async () => shopAnswer.parse(await api.get(path, { anonymous: true })),
    initialData: () => embeddedAnswer(path, { check }),
    staleTime: 60_000,
    retry: false,
  });
}

function WhatsAppIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1-.7.8-.8 1-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.8-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 0 0 1.7-1.2 2.2 2.2 0 0 0 .2-1.2c-.1-.1-.3-.2-.5-.3z" />
    </svg>
  );
}

/** 'Chat on WhatsApp' (a wa.me link with the message prefilled) and the contact number, where set. */
function Contact({ face, shopName, productName }: { face: Face; shopName: string; productName?: string }) {
  if (!face.whatsapp && !face.contactPhone) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {face.whatsapp && (
        <a
          href={whatsAppChatLink(face.whatsapp, whatsAppChatMessage(shopName, productName))}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-2 rounded-md bg-[#1f7a45] px-4 py-2 text-sm font-semibold text-white hover:bg-[#18633a]"
        >
          <WhatsAppIcon />
          Chat on WhatsApp
        </a>
      )}
      {face.contactPhone && (
        <a
          href={`tel:+91${face.contactPhone}`}
          className="text-sm font-medium text-ink underline-offset-4 hover:underline"
        >
          Call {formatIndianMobile(face.contactPhone)}
        </a>
      )}
    </div>
  );
}

/** A reseller's shop face where a page asks for it; nothing at all when the shop has none. */
export default function ShopFace({ part, productName }: ShopFaceView) {
  const slug = useVendorSlug();
  const answer = useShopAnswer(slug);
  if (!answer.data) return null;
  const { face } = answer.data;
  const shopName = answer.data.bussinessName || answer.data.name;
  const logo = storedImageUrl(face.logo);

  if (part === 'logo') {
    return logo ? (
      <img
        src={`${logo}?w=320`}
        alt=""
        width={40}
        height={40}
        className="size-9 rounded-full object-cover sm:size-10"
      />
    ) : null;
  }
  if (part === 'product') return <Contact face={face} shopName={shopName} productName={productName} />;

  const banner = storedImageUrl(face.banner);
  if (!banner && !face.about && !face.whatsapp && !face.contactPhone) return null;
  return (
    <section
      aria-labelledby="shop-face-title"
      className="overflow-hidden rounded-lg border border-sand bg-white"
    >
      {banner && (
        <img
          src={banner}
          srcSet={storedImageSrcSet(face.banner)}
          sizes={CATEGORY_BANNER_SIZES}
          alt=""
          className="aspect-[3/1] w-full object-cover sm:aspect-[4/1]"
        />
      )}
      <div className="flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:p-6">
        {logo && (
          <img
            src={`${logo}?w=320`}
            alt={`${shopName} logo`}
            width={72}
            height={72}
            className={`size-16 shrink-0 rounded-full border-4 border-white bg-white object-cover shadow-soft sm:size-18 ${banner ? '-mt-12 sm:-mt-14' : ''}`}
          />
        )}
        <div className="min-w-0 flex-1 space-y-3">
          <h2 id="shop-face-title" className="font-serif text-xl font-semibold text-ink sm:text-2xl">
            About {shopName}
          </h2>
          {face.about && <p className="whitespace-pre-line text-taupe">{face.about}</p>}
          <Contact face={face} shopName={shopName} />
        </div>
      </div>
    </section>
  );
}
