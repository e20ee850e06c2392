import type { CertificateInput, Plan, StoneKind, StoneOrigin } from '@zevar/domain';
import type { Finish, Shape } from './demo-images';

/** Fixed demo catalogue: names and slugs never change between runs (end-to-end tests rely on them). */
export type DemoCategory = { name: string; plan: Plan; shape: Shape; finish: Finish; children: DemoChild[] };
export type DemoChild = { name: string; plan: Plan; code: string; products: DemoProduct[] };

/**
 * GOLD/SILVER: `w` grams net of metal at `purity` (gold 22K, silver 925 unless given), `base` rupees
 * of flat making unless `making` says otherwise, optional `stones`; gold pieces are BIS hallmarked.
 * MRP: `mrp` rupees.
 */
export type DemoProduct = {
  name: string;
  type: 'GOLD' | 'SILVER' | 'MRP';
  w?: number;
  base?: number;
  purity?: string;
  /** Rupees (FLAT), rupees per gram (PER_GRAM) or percent of the metal value (PERCENT). */
  making?: { kind: 'PER_GRAM' | 'PERCENT' | 'FLAT'; value: number };
  stones?: { description: string; value: number };
  mrp?: number;
  plan?: Plan;
  stock?: number;
  finish?: Finish;
  variant?: { group: string; type: string; value: string };
  /** Diamonds or gemstones: natural or lab-grown and the grading certificate (issue 26 item 6). */
  gem?: { kind: StoneKind; origin: StoneOrigin | null; certificate?: CertificateInput };
};

const cert = (
  lab: CertificateInput['lab'],
  reportNumber: string,
  carat: number,
  colour: string,
  clarity: string,
  cut: string | null = 'Excellent',
): CertificateInput => ({ lab, labName: null, reportNumber, carat, colour, clarity, cut, file: null });
const natural = (certificate?: CertificateInput) => ({
  kind: 'DIAMOND' as const,
  origin: 'NATURAL' as const,
  certificate,
});
const labGrown = (certificate?: CertificateInput) => ({
  kind: 'DIAMOND' as const,
  origin: 'LAB_GROWN' as const,
  certificate,
});

export const GOLD_RATE_PAISE = 685_000;
export const SILVER_RATE_PAISE = 8_800;

const g = (name: string, w: number, base: number, extra: Partial<DemoProduct> = {}): DemoProduct => ({
  name,
  type: 'GOLD',
  w,
  base,
  ...extra,
});
const s = (name: string, w: number, base: number, extra: Partial<DemoProduct> = {}): DemoProduct => ({
  name,
  type: 'SILVER',
  w,
  base,
  finish: 'silver',
  ...extra,
});
const m = (name: string, mrp: number, extra: Partial<DemoProduct> = {}): DemoProduct => ({
  name,
  type: 'MRP',
  mrp,
  ...extra,
});

const colours = (design: string, w: number, base: number): DemoProduct[] =>
  (
    [
      ['Yellow Gold', 'gold'],
      ['Rose Gold', 'rose'],
      ['White Gold', 'white'],
    ] as const
  ).map(([value, finish], i) =>
    g(`${design} - ${value}`, w, base + i * 1500, {
      finish,
      variant: { group: design.toLowerCase().replace(/ /g, '-'), type: 'Color', value },
    }),
  );

const sizes = (design: string, w: number, base: number, values: string[]): DemoProduct[] =>
  values.map((value, i) =>
    g(`${design} - Size ${value}`, w + i * 1.5, base, {
      variant: { group: design.toLowerCase().replace(/ /g, '-'), type: 'Size', value },
    }),
  );

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    name: 'Necklaces',
    plan: 'FREE',
    shape: 'necklace',
    finish: 'gold',
    children: [
      {
        name: 'Gold Necklaces',
        plan: 'FREE',
        code: 'GN',
        products: [
          g('Lakshmi Coin Gold Necklace', 18.5, 9500, { making: { kind: 'PER_GRAM', value: 520 } }),
          g('Peacock Filigree Gold Necklace', 22, 14500, {
            stock: 3,
            making: { kind: 'PERCENT', value: 12 },
          }),
          g('Everyday Rope Chain Necklace', 8.2, 3200),
          g('Rani Haar Layered Gold Necklace', 42, 28000, { plan: 'PREMIUM' }),
          g('Mango Mala Gold Necklace', 32, 18500, { plan: 'BASIC' }),
          g('Delicate Heart Pendant Chain', 5.5, 2600),
        ],
      },
      {
        name: 'Kundan Sets',
        plan: 'BASIC',
        code: 'KS',
        products: [
          m('Meenakari Kundan Choker Set', 12499),
          m('Jaipur Kundan Bridal Set', 18999, { stock: 0 }),
          m('Emerald Drop Kundan Necklace', 8999),
          m('Royal Polki Bridal Set', 64999, { plan: 'PREMIUM' }),
        ],
      },
      {
        name: 'Temple Jewellery',
        plan: 'STANDARD',
        code: 'TJ',
        products: [
          g('Lakshmi Temple Necklace', 28, 16500),
          g('Nakshi Temple Haram', 36, 21000, { stock: 4 }),
          g('Ganesha Temple Pendant Set', 11.5, 7200),
          m('Kemp Stone Temple Choker', 6499),
        ],
      },
      {
        name: 'Pearl Necklaces',
        plan: 'FREE',
        code: 'PN',
        products: [
          m('Hyderabadi Pearl Strand', 4299),
          m('Three Line Basra Pearl Necklace', 7899, { stock: 8 }),
          s('Silver Pearl Drop Necklace', 24, 1800, {
            stones: { description: 'Freshwater pearl drops', value: 1200 },
          }),
          m('Rose Pearl Layered Necklace', 3499),
        ],
      },
    ],
  },
  {
    name: 'Earrings',
    plan: 'FREE',
    shape: 'earring',
    finish: 'gold',
    children: [
      {
        name: 'Jhumkas',
        plan: 'FREE',
        code: 'JH',
        products: [
          g('Classic Gold Jhumkas', 9.6, 4800),
          s('Oxidised Silver Jhumkas', 18, 900, { stock: 2 }),
          m('Ruby Bead Jhumkas', 2499),
          g('Temple Bell Jhumkas', 14.2, 6900, { plan: 'STANDARD' }),
          s('Chandni Silver Jhumkas', 16, 850),
        ],
      },
      {
        name: 'Studs',
        plan: 'FREE',
        code: 'ST',
        products: [...colours('Lotus Bloom Stud', 2.4, 2500), m('Solitaire CZ Studs', 1899)],
      },
      {
        name: 'Chandbalis',
        plan: 'BASIC',
        code: 'CB',
        products: [
          g('Crescent Moon Chandbalis', 12.8, 8200, {
            purity: '18K',
            making: { kind: 'PERCENT', value: 14 },
            stones: { description: 'Kundan and freshwater pearls', value: 3500 },
          }),
          m('Polki Chandbalis', 5499, { stock: 0 }),
          s('Silver Filigree Chandbalis', 21, 1400),
          m('Pearl Drop Chandbalis', 3299),
        ],
      },
      {
        name: 'Hoops',
        plan: 'BASIC',
        code: 'HP',
        products: [
          g('Twisted Gold Hoops', 4.5, 2100),
          s('Hammered Silver Hoops', 9, 650),
          m('Huggie Diamond Hoops', 24999, {
            plan: 'PREMIUM',
            gem: labGrown(cert('IGI', 'LG602318447', 0.24, 'E', 'VS1')),
          }),
        ],
      },
    ],
  },
  {
    name: 'Rings',
    plan: 'FREE',
    shape: 'ring',
    finish: 'gold',
    children: [
      {
        name: 'Solitaire Rings',
        plan: 'PREMIUM',
        code: 'SR',
        products: [
          m('Eternal Solitaire Diamond Ring', 89999, {
            stock: 6,
            gem: labGrown(cert('IGI', 'LG598120733', 1.01, 'F', 'VVS2')),
          }),
          m('Princess Cut Solitaire Ring', 74999, {
            gem: natural(cert('GIA', '2437819052', 0.5, 'G', 'VS2', null)),
          }),
        ],
      },
      {
        name: 'Gold Rings',
        plan: 'FREE',
        code: 'GR',
        products: [
          ...sizes('Heritage Band Ring', 4.2, 1800, ['12', '14', '16']),
          g('Navratna Cocktail Ring', 6.8, 5600, {
            purity: '18K',
            stones: { description: 'Navratna: ruby, emerald, pearl and six more, 1.4 ct', value: 9800 },
            gem: { kind: 'GEMSTONE', origin: 'NATURAL' },
          }),
          g('Floral Cluster Gold Ring', 3.9, 2400, {
            stock: 1,
            purity: '18K',
            stones: { description: '0.30 ct VS diamond', value: 24000 },
            gem: natural(cert('SGL', 'SGL2411820', 0.3, 'H', 'VS2', 'Very Good')),
          }),
          g('Infinity Couple Ring', 5, 3000, { plan: 'BASIC' }),
        ],
      },
      {
        name: 'Silver Rings',
        plan: 'FREE',
        code: 'SV',
        products: [
          s('Oxidised Silver Toe Rings', 6, 300),
          s('Turquoise Silver Ring', 7.5, 700, { stock: 0 }),
          s('Adjustable Silver Mandala Ring', 5.2, 450),
        ],
      },
    ],
  },
  {
    name: 'Bangles & Bracelets',
    plan: 'FREE',
    shape: 'bangle',
    finish: 'gold',
    children: [
      {
        name: 'Gold Bangles',
        plan: 'FREE',
        code: 'GB',
        products: [
          g('Antique Gold Bangle Pair', 24, 9800),
          g('Diamond Cut Gold Bangles', 18, 7600, { stock: 9 }),
          g('Meena Work Gold Bangle', 15.5, 8400),
          m('Gold Plated Bridal Chooda', 2999),
        ],
      },
      {
        name: 'Kadas',
        plan: 'BASIC',
        code: 'KD',
        products: [
          ...sizes('Royal Gold Kada', 28, 11000, ['2.4', '2.6', '2.8']),
          s('Sikh Silver Kada', 38, 1200),
        ],
      },
      {
        name: 'Silver Bracelets',
        plan: 'FREE',
        code: 'SB',
        products: [
          s('Evil Eye Silver Bracelet', 8.5, 550),
          s('Silver Link Chain Bracelet', 14, 800),
          m('Charm Bracelet With Gift Box', 1499),
          s('Silver Cuff Bracelet', 22, 1100, { plan: 'STANDARD' }),
        ],
      },
    ],
  },
  {
    name: 'Anklets',
    plan: 'FREE',
    shape: 'anklet',
    finish: 'silver',
    children: [
      {
        name: 'Silver Anklets',
        plan: 'FREE',
        code: 'SA',
        products: [
          s('Ghungroo Silver Payal', 32, 1200),
          s('Sleek Silver Chain Anklet', 12, 600, { stock: 4 }),
          s('Floral Silver Anklet', 20, 900),
          s('Bridal Silver Payal Pair', 68, 2800, { plan: 'STANDARD' }),
        ],
      },
      {
        name: 'Beaded Anklets',
        plan: 'BASIC',
        code: 'BA',
        products: [
          m('Black Bead Anklet', 499),
          m('Pearl And Bead Anklet', 799),
          s('Kundan Silver Anklet', 26, 1500),
        ],
      },
    ],
  },
  {
    name: 'Mangalsutra',
    plan: 'FREE',
    shape: 'mangalsutra',
    finish: 'gold',
    children: [
      {
        name: 'Gold Mangalsutra',
        plan: 'FREE',
        code: 'GM',
        products: [
          g('Traditional Vati Mangalsutra', 10.5, 4200),
          g('Short Modern Mangalsutra', 6.2, 3100),
          g('Double Line Mangalsutra', 14, 5600, { stock: 7 }),
          m('Nazariya Bracelet Mangalsutra', 1799),
        ],
      },
      {
        name: 'Diamond Mangalsutra',
        plan: 'STANDARD',
        code: 'DM',
        products: [
          m('Solitaire Drop Mangalsutra', 45999, {
            gem: natural(cert('IGI', '612455190', 0.25, 'G', 'SI1')),
          }),
          m('Diamond Leaf Mangalsutra', 38999, { plan: 'PREMIUM', gem: labGrown() }),
        ],
      },
    ],
  },
  {
    name: 'Bridal Collection',
    plan: 'PREMIUM',
    shape: 'necklace',
    finish: 'gold',
    children: [
      {
        name: 'Bridal Sets',
        plan: 'PREMIUM',
        code: 'BS',
        products: [
          g('Maharani Bridal Gold Set', 86, 52000),
          m('Polki Maang Tikka Set', 28999, { gem: natural() }),
        ],
      },
    ],
  },
];
