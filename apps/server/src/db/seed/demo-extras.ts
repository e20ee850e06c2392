import type { Plan } from '@zevar/domain';
import type { coupons, emailTemplates } from '../schema';
import type { Finish, Shape } from './demo-images';

const DAY = 24 * 3600 * 1000;

export const DEMO_PLANS: {
  plan: Plan;
  features: string[];
  options: { months: number; rupees: number; active?: boolean }[];
}[] = [
  {
    plan: 'FREE',
    features: [
      'Your own storefront at zevar.in/your-shop',
      'Core catalogue of everyday jewellery',
      'Commission on every sale',
    ],
    options: [{ months: 12, rupees: 0 }],
  },
  {
    plan: 'BASIC',
    features: ['Everything in Free', 'Kundan, chandbali and hoop collections', 'Monthly payouts'],
    options: [
      { months: 6, rupees: 999 },
      { months: 12, rupees: 1799 },
    ],
  },
  {
    plan: 'STANDARD',
    features: [
      'Everything in Basic',
      'Temple jewellery and diamond mangalsutra',
      'Featured carousel slides',
      'Priority support',
    ],
    options: [
      { months: 6, rupees: 1999 },
      { months: 12, rupees: 3499 },
    ],
  },
  {
    plan: 'PREMIUM',
    features: [
      'The complete catalogue, bridal included',
      'Solitaire and polki collections',
      'Dedicated account manager',
      'Fortnightly payouts',
    ],
    options: [
      { months: 1, rupees: 799, active: false },
      { months: 6, rupees: 3999 },
      { months: 12, rupees: 6999 },
    ],
  },
];

export function demoCoupons(now: Date): (typeof coupons.$inferInsert)[] {
  const inDays = (d: number) => new Date(now.getTime() + d * DAY);
  return [
    {
      code: 'WELCOME100',
      type: 'APPLY_WITH_QUANTITY',
      discountPaise: 10_000,
      minQuantity: 1,
      minimumTotalPaise: 0,
      expiryDate: inDays(365),
      description: '₹100 off your first piece',
    },
    {
      code: 'BUY2SAVE500',
      type: 'APPLY_WITH_QUANTITY',
      discountPaise: 50_000,
      minQuantity: 2,
      minimumTotalPaise: 0,
      expiryDate: inDays(180),
      description: '₹500 off when you buy 2 or more items',
    },
    {
      code: 'FESTIVE1000',
      type: 'APPLY_WITH_TOTAL_PRICE',
      discountPaise: 100_000,
      minQuantity: 1,
      minimumTotalPaise: 2_000_000,
      expiryDate: inDays(90),
      description: '₹1,000 off orders over ₹20,000',
    },
    {
      code: 'DIWALI2025',
      type: 'APPLY_WITH_TOTAL_PRICE',
      discountPaise: 150_000,
      minQuantity: 1,
      minimumTotalPaise: 1_500_000,
      expiryDate: inDays(-30),
      description: 'Diwali offer (expired)',
    },
  ];
}

/** Carousel slides; `target` names a category or a product (by name). */
export const DEMO_SLIDES: {
  title: string;
  subtitle: string;
  link: 'CATEGORY' | 'PRODUCT';
  target: string;
  plan: Plan;
  shape: Shape;
  finish: Finish;
}[] = [
  {
    title: 'Festive Gold Edit',
    subtitle: 'Hallmarked 22K gold necklaces, priced at today’s rate',
    link: 'CATEGORY',
    target: 'Gold Necklaces',
    plan: 'FREE',
    shape: 'necklace',
    finish: 'gold',
  },
  {
    title: 'Jhumkas for Every Mood',
    subtitle: 'Temple bells, oxidised silver and ruby beads',
    link: 'CATEGORY',
    target: 'Jhumkas',
    plan: 'FREE',
    shape: 'earring',
    finish: 'gold',
  },
  {
    title: 'Lotus Bloom Studs',
    subtitle: 'One design in yellow, rose and white gold',
    link: 'PRODUCT',
    target: 'Lotus Bloom Stud - Yellow Gold',
    plan: 'BASIC',
    shape: 'earring',
    finish: 'rose',
  },
  {
    title: 'Temple Jewellery',
    subtitle: 'Nakshi craft from the South, made to last generations',
    link: 'CATEGORY',
    target: 'Temple Jewellery',
    plan: 'STANDARD',
    shape: 'necklace',
    finish: 'gold',
  },
  {
    title: 'The Bridal Collection',
    subtitle: 'Polki, kundan and the Maharani gold set',
    link: 'PRODUCT',
    target: 'Maharani Bridal Gold Set',
    plan: 'PREMIUM',
    shape: 'bangle',
    finish: 'gold',
  },
];

export const DEMO_REVIEWS: { product: string; name: string; rating: number; comment: string }[] = [
  {
    product: 'Classic Gold Jhumkas',
    name: 'Priya Sharma',
    rating: 5,
    comment:
      'Beautiful finish and exactly as shown. Wore them for my cousin’s wedding and got so many compliments!',
  },
  {
    product: 'Classic Gold Jhumkas',
    name: 'Neha Iyer',
    rating: 4,
    comment: 'Lovely jhumkas, slightly heavier than I expected but very comfortable.',
  },
  {
    product: 'Lakshmi Coin Gold Necklace',
    name: 'Sunita Reddy',
    rating: 5,
    comment: 'The coin work is so detailed. Hallmark certificate came with it.',
  },
  {
    product: 'Lakshmi Coin Gold Necklace',
    name: 'Kavita Joshi',
    rating: 4,
    comment: 'Gorgeous piece, delivery took a day longer than promised.',
  },
  {
    product: 'Ghungroo Silver Payal',
    name: 'Aarti Gupta',
    rating: 5,
    comment: 'The ghungroo sound is so sweet. Pure silver, my jeweller checked.',
  },
  {
    product: 'Meenakari Kundan Choker Set',
    name: 'Fatima Khan',
    rating: 3,
    comment: 'Pretty set, but one stone was loose. Customer care replaced it quickly.',
  },
  {
    product: 'Lotus Bloom Stud - Rose Gold',
    name: 'Ritu Malhotra',
    rating: 5,
    comment: 'Perfect everyday studs, the rose gold is subtle and elegant.',
  },
  {
    product: 'Royal Gold Kada - Size 2.6',
    name: 'Harpreet Kaur',
    rating: 4,
    comment: 'Solid kada, fits well. Size guide was accurate.',
  },
];

const ORDER_CONFIRMATION_BODY = `<div style="margin:0;padding:24px;background:#fbf6ee;font-family:Georgia,'Times New Roman',serif;color:#3b2a1a">
  <table role="presentation" width="100%" style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:12px;overflow:hidden;border:1px solid #ecdcc2">
    <tr><td style="background:linear-gradient(135deg,#7a1f2b,#b8860b);padding:28px 32px;color:#fff7e6">
      <div style="font-size:13px;letter-spacing:6px">ZEVAR</div>
      <h1 style="margin:8px 0 0;font-size:24px;font-weight:normal">Your order is confirmed</h1>
    </td></tr>
    <tr><td style="padding:28px 32px">
      <p style="font-size:16px">Dear {{customerName}},</p>
      <p style="font-size:15px;line-height:1.6">Thank you for shopping with <strong>{{vendorName}}</strong> on Zevar. Your order <strong>{{orderNumber}}</strong>, placed on {{orderDate}}, has been confirmed and our artisans are preparing it with care.</p>
      <h2 style="font-size:17px;color:#7a1f2b;border-bottom:1px solid #ecdcc2;padding-bottom:6px">Your jewellery</h2>
      <div style="font-size:14px">{{items}}</div>
      <table role="presentation" width="100%" style="margin-top:16px;font-size:14px">
        <tr><td>Subtotal</td><td align="right">{{subtotal}}</td></tr>
        <tr><td>Discount</td><td align="right">{{discount}}</td></tr>
        <tr><td>Round off</td><td align="right">{{roundOff}}</td></tr>
        <tr><td style="padding-top:8px;font-size:16px"><strong>Total</strong></td><td align="right" style="padding-top:8px;font-size:16px;color:#7a1f2b"><strong>{{total}}</strong></td></tr>
      </table>
      <h2 style="font-size:17px;color:#7a1f2b;border-bottom:1px solid #ecdcc2;padding-bottom:6px">Shipping to</h2>
      <p style="font-size:14px;line-height:1.6">{{shippingAddress}}</p>
      <p style="font-size:14px;line-height:1.6">Every piece is insured in transit and packed in a Zevar gift box. We will email you again when it ships.</p>
    </td></tr>
    <tr><td style="background:#f6ecdc;padding:18px 32px;font-size:12px;color:#7b6650">With love from Zevar and {{vendorName}}. Questions? Simply reply to this email.</td></tr>
  </table>
</div>`;

export const ORDER_CONFIRMATION_TEMPLATE: typeof emailTemplates.$inferInsert = {
  name: 'order-confirmation',
  subject: 'Your Zevar order {{orderNumber}} is confirmed',
  variables:
    'customerName, orderNumber, orderDate, items, subtotal, discount, roundOff, total, shippingAddress, vendorName',
  body: ORDER_CONFIRMATION_BODY,
};
