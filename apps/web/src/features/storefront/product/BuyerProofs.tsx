import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  ASSURANCE_TEXT as T,
  LAB_TABLE,
  isCertificatePdf,
  stoneLabel,
  verifyLinkOpensReport,
  storedImageUrl,
  type Product,
  type ProductAssurance,
} from '@zevar/domain';
import { api } from '../../../lib/api';
import { formatInr } from '../../../lib/format';

/*
 * What a buyer checks before paying lakhs (issue 26 item 6), below the delivery box: EMI, insured
 * shipping, the certificate with the lab's verification link, the hallmark explained and the returns
 * policy in force. A lazily loaded chunk: the product page's first script carries none of it, and the
 * answer is checked by hand (zod would add its chunk to the page's first script).
 */

const assuranceAnswer = {
  parse(value: unknown): ProductAssurance {
    const v = value as Partial<ProductAssurance> | null;
    if (
      typeof v !== 'object' ||
      v === null ||
      !Array.isArray(v.emi?.options) ||
      typeof v.shipping?.insured !== 'boolean' ||
      typeof v.returns?.kind !== 'string' ||
      typeof v.hallmark !== 'object'
    )
      throw new Error('Unexpected product assurance');
    return v as ProductAssurance;
  },
};

const box = 'rounded-md border border-sand px-4 py-3 text-sm space-y-1';
const heading = 'font-sans text-sm font-semibold tracking-normal';

function Emi({ emi }: { emi: ProductAssurance['emi'] }) {
  const cheapest = emi.options[0];
  if (!cheapest) return null;
  return (
    <details className={box} data-testid="emi">
      <summary className="cursor-pointer font-medium">{T.emiFrom(formatInr(cheapest.monthly))}</summary>
      <table className="mt-2 w-full">
        <caption className="sr-only">{T.emiHeading}</caption>
        <thead>
          <tr className="text-left text-xs text-taupe">
            <th className="font-normal">Months</th>
            <th className="font-normal">Interest</th>
            <th className="text-right font-normal">Per month</th>
            <th className="text-right font-normal">Total</th>
          </tr>
        </thead>
        <tbody>
          {[...emi.options]
            .sort((a, b) => a.months - b.months)
            .map((o) => (
              <tr key={o.months}>
                <td>{o.months}</td>
                <td>{o.annualRatePercent === 0 ? 'No cost' : `${o.annualRatePercent}% p.a.`}</td>
                <td className="text-right tabular-nums">{formatInr(o.monthly)}</td>
                <td className="text-right tabular-nums">{formatInr(o.total)}</td>
              </tr>
            ))}
        </tbody>
      </table>
      <p className="text-xs text-taupe">{T.emiNote}</p>
    </details>
  );
}

function CertificatePanel({ gem, productId }: { gem: NonNullable<Product['gem']>; productId: number }) {
  const c = gem.certificate;
  if (!c) return null;
  const pdf = isCertificatePdf(c.file);
  const file = pdf ? `/api/products/${productId}/certificate` : storedImageUrl(c.file);
  const rows: Array<[string, string | null]> = [
    ['Stone', stoneLabel(gem.kind, gem.origin)],
    ['Laboratory', c.lab === 'OTHER' ? c.labName : LAB_TABLE[c.lab].name],
    ['Report number', c.reportNumber],
    ['Carat', `${c.carat} ct`],
    ['Colour', c.colour],
    ['Clarity', c.clarity],
    ['Cut', c.cut],
  ];
  return (
    <section aria-label={T.certificateHeading} className={box} data-testid="certificate">
      <h2 className={heading}>{T.certificateHeading}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4">
        {rows
          .filter((r): r is [string, string] => Boolean(r[1]))
          .map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-taupe">{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
      </dl>
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        {c.verifyUrl && (
          <a className="underline" href={c.verifyUrl} target="_blank" rel="noopener noreferrer">
            {verifyLinkOpensReport(c.lab) ? T.verifyCertificate : T.verifyCertificateByNumber(c.reportNumber)}
          </a>
        )}
        {file && (
          <a className="underline" href={file} target="_blank" rel="noopener noreferrer">
            {pdf ? T.viewCertificatePdf : T.viewCertificate}
          </a>
        )}
      </p>
    </section>
  );
}

function Hallmark({ bisRegistration }: { bisRegistration: string | null }) {
  return (
    <section aria-label={T.hallmarkHeading} className={box} data-testid="hallmark-explainer">
      <h2 className={heading}>{T.hallmarkHeading}</h2>
      <p>{T.hallmarkExplain}</p>
      <p>{T.hallmarkVerify}</p>
      {bisRegistration && <p className="font-medium">{T.bisRegistration(bisRegistration)}</p>}
    </section>
  );
}

function Returns({ returns, shop }: { returns: ProductAssurance['returns']; shop: string }) {
  const text =
    returns.kind === 'NONE'
      ? T.noReturns
      : returns.refusal === 'ABOVE_CAP'
        ? T.notReturnableCap
        : returns.refusal === 'EXCLUDED_CATEGORY'
          ? T.notReturnableCategory
          : T.returnWindow(returns.days);
  return (
    <section aria-label={T.returnsHeading} className={box} data-testid="returns">
      <h2 className={heading}>{T.returnsHeading}</h2>
      <p>{text}</p>
      <Link className="underline" to={`/${encodeURIComponent(shop)}/return-policy`}>
        {T.policyLink}
      </Link>
    </section>
  );
}

export default function BuyerProofs({ product, shop }: { product: Product; shop: string }) {
  const assurance = useQuery({
    queryKey: ['assurance', product.id, product.price],
    queryFn: () => api.get(`/products/${product.id}/assurance`, { schema: assuranceAnswer }),
    staleTime: 60_000,
  });
  const a = assurance.data;
  return (
    <div className="space-y-3">
      {a && <Emi emi={a.emi} />}
      {a?.shipping.insured && (
        <p className={box} data-testid="insured">
          {T.insured}
        </p>
      )}
      {product.gem && <CertificatePanel gem={product.gem} productId={product.id} />}
      {product.hallmarked && <Hallmark bisRegistration={a?.hallmark.bisRegistration ?? null} />}
      {a && <Returns returns={a.returns} shop={shop} />}
    </div>
  );
}
