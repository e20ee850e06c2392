/**
 * The demo pieces themselves, drawn as SVG in an 800x800 box: metal with banded gradients and
 * highlights, stones coloured by what the product says it carries. No text: the pictures are meant to
 * read as a shop's product photos, not as labels. Everything varies by a seeded random, so a seed
 * gives the same picture on every run.
 */
export type Shape = 'necklace' | 'earring' | 'ring' | 'bangle' | 'anklet' | 'mangalsutra';
export type Finish = 'gold' | 'rose' | 'white' | 'silver';

/** What is drawn: the category's shape refined by the product's name (a chain, a pendant, studs...). */
export type PieceKind =
  | 'necklace'
  | 'choker'
  | 'strand'
  | 'chain'
  | 'pendant'
  | 'coin'
  | 'jhumka'
  | 'stud'
  | 'chandbali'
  | 'hoop'
  | 'solitaire-ring'
  | 'band-ring'
  | 'cluster-ring'
  | 'bangles'
  | 'kada'
  | 'bracelet'
  | 'anklet'
  | 'mangalsutra';

export type Stone =
  | 'none'
  | 'diamond'
  | 'ruby'
  | 'emerald'
  | 'sapphire'
  | 'pearl'
  | 'turquoise'
  | 'kundan'
  | 'navratna'
  | 'black';

/** A small, fast PRNG (mulberry32): the same seed gives the same picture on every run. */
export function seededRandom(seed: number): () => number {
  let a = (seed * 2654435761) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The piece a product's name describes, within its category's shape. */
export function kindOf(name: string, shape: Shape): PieceKind {
  const n = name.toLowerCase();
  switch (shape) {
    case 'necklace':
      if (/pendant/.test(n)) return 'pendant';
      if (/coin/.test(n)) return 'coin';
      if (/chain/.test(n)) return 'chain';
      if (/pearl/.test(n)) return 'strand';
      if (/choker|kundan|polki|bridal|tikka/.test(n)) return 'choker';
      return 'necklace';
    case 'earring':
      if (/jhumka/.test(n)) return 'jhumka';
      if (/chandbali/.test(n)) return 'chandbali';
      if (/hoop|huggie|bali/.test(n)) return 'hoop';
      return 'stud';
    case 'ring':
      if (/solitaire|cz|princess/.test(n)) return 'solitaire-ring';
      if (/cluster|navratna|cocktail|floral|turquoise|mandala/.test(n)) return 'cluster-ring';
      return 'band-ring';
    case 'bangle':
      if (/kada|cuff/.test(n)) return 'kada';
      if (/bracelet/.test(n)) return 'bracelet';
      return 'bangles';
    case 'anklet':
      return 'anklet';
    case 'mangalsutra':
      return 'mangalsutra';
  }
}

/** The stone a product's name or stone description names (none for plain metal). */
export function stoneOf(text: string): Stone {
  const t = text.toLowerCase();
  if (/navratna/.test(t)) return 'navratna';
  if (/kundan|polki|meena/.test(t)) return 'kundan';
  if (/ruby|kemp/.test(t)) return 'ruby';
  if (/emerald/.test(t)) return 'emerald';
  if (/sapphire|evil eye/.test(t)) return 'sapphire';
  if (/turquoise/.test(t)) return 'turquoise';
  if (/pearl/.test(t)) return 'pearl';
  if (/diamond|solitaire|cz|princess|huggie/.test(t)) return 'diamond';
  if (/black bead|nazariya/.test(t)) return 'black';
  return 'none';
}

const METALS: Record<Finish, string[]> = {
  gold: ['#6b4710', '#f6dc86', '#c1902c', '#fff4c4', '#a8781f', '#efcb62', '#7a5414'],
  rose: ['#6e3b2c', '#f4c4ae', '#c98a6f', '#ffe7dc', '#a96a52', '#e9ad93', '#7b4434'],
  white: ['#6f7177', '#f4f4f2', '#c9cacc', '#ffffff', '#a4a6aa', '#e6e6e4', '#7c7e83'],
  silver: ['#5f6670', '#eef1f4', '#b9c0c8', '#ffffff', '#8f98a3', '#dfe3e8', '#656c76'],
};

/** Soft studio backdrops: [top, bottom, floor shade]. */
const STUDIOS: [string, string, string][] = [
  ['#fbf7f2', '#ece2d6', '#d9cbbb'],
  ['#f8f1ee', '#ead9d3', '#d6c0b8'],
  ['#f3f4f1', '#dfe2dc', '#c7ccc3'],
  ['#f4f2f6', '#e1dce6', '#c9c2d1'],
  ['#f6f3ea', '#e6dcc4', '#cfc1a0'],
  ['#eef2f4', '#d9e1e6', '#bfcad2'],
];
/** Velvet display boards for the second view. */
const VELVETS: [string, string, string][] = [
  ['#5b1a26', '#2a080f', '#1c0509'],
  ['#17342f', '#08171a', '#040d0e'],
  ['#2b2140', '#110b1e', '#0a0612'],
  ['#3a3a40', '#17171b', '#0e0e11'],
];

const GEM_COLOURS: Record<Exclude<Stone, 'none' | 'kundan' | 'navratna'>, [string, string, string]> = {
  diamond: ['#ffffff', '#dfe8f1', '#9fb2c6'],
  ruby: ['#ff8a9a', '#c0142f', '#5e0614'],
  emerald: ['#8ff0bd', '#12845a', '#063a26'],
  sapphire: ['#9bb7ff', '#2146b0', '#0b1a52'],
  pearl: ['#ffffff', '#f1e8de', '#cdbfae'],
  turquoise: ['#b9fff4', '#2fb5a6', '#11665c'],
  black: ['#6b6b6b', '#1c1c1c', '#050505'],
};
const NAVRATNA: Stone[] = ['ruby', 'pearl', 'emerald', 'sapphire', 'diamond', 'turquoise'];
const KUNDAN: Stone[] = ['diamond', 'ruby', 'diamond', 'emerald'];

const f = (n: number) => n.toFixed(1);

/** Everything a piece's drawing uses: gradients, the stones' colours, the soft shadow's blur. */
function defs(finish: Finish, stones: Stone[], light: number): string {
  const m = METALS[finish];
  const stops = m
    .map((c, i) => `<stop offset="${f((i / (m.length - 1)) * 100)}%" stop-color="${c}"/>`)
    .join('');
  const gems = [...new Set(stones)]
    .filter((s): s is keyof typeof GEM_COLOURS => s in GEM_COLOURS)
    .map((s) => {
      const [hi, mid, lo] = GEM_COLOURS[s];
      return `<radialGradient id="g-${s}" cx="${s === 'pearl' ? 35 : 40}%" cy="35%" r="70%"><stop offset="0" stop-color="${hi}"/><stop offset="0.45" stop-color="${mid}"/><stop offset="1" stop-color="${lo}"/></radialGradient>`;
    })
    .join('');
  return `<defs>
<linearGradient id="metal" x1="0" y1="0" x2="1" y2="${f(0.6 + light * 0.6)}">${stops}</linearGradient>
<linearGradient id="metal2" x1="1" y1="0" x2="0" y2="1">${stops}</linearGradient>
<radialGradient id="shine" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#fff" stop-opacity="0.95"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
${gems}
<radialGradient id="shadow" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#000" stop-opacity="0.55"/><stop offset="0.6" stop-color="#000" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
</defs>`;
}

/** One stone at (x, y): a faceted diamond, a pearl with its lustre, or a cabochon in a metal bezel. */
function stone(s: Stone, x: number, y: number, r: number, bezel = true): string {
  if (s === 'none') return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.7)}" fill="url(#metal2)"/>`;
  if (s === 'diamond') {
    const pts = (rad: number, off: number) =>
      Array.from({ length: 8 }, (_, i) => {
        const a = off + (i * Math.PI) / 4;
        return `${f(x + rad * Math.cos(a))},${f(y + rad * Math.sin(a))}`;
      }).join(' ');
    return `${bezel ? `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 1.14)}" fill="url(#metal)"/>` : ''}<polygon points="${pts(r, Math.PI / 8)}" fill="url(#g-diamond)" stroke="#9fb2c6" stroke-width="0.8"/><polygon points="${pts(r * 0.55, 0)}" fill="#ffffff" fill-opacity="0.85" stroke="#b9c8d6" stroke-width="0.6"/><path d="M${f(x - r)} ${f(y)} L${f(x + r)} ${f(y)} M${f(x)} ${f(y - r)} L${f(x)} ${f(y + r)}" stroke="#c8d4e0" stroke-width="0.6"/><circle cx="${f(x - r * 0.35)}" cy="${f(y - r * 0.35)}" r="${f(r * 0.22)}" fill="url(#shine)"/>`;
  }
  const fill = `url(#g-${s})`;
  const ring =
    bezel && s !== 'pearl' ? `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 1.18)}" fill="url(#metal)"/>` : '';
  return `${ring}<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${fill}"/><ellipse cx="${f(x - r * 0.32)}" cy="${f(y - r * 0.36)}" rx="${f(r * 0.34)}" ry="${f(r * 0.22)}" fill="url(#shine)" opacity="0.9"/>`;
}

/** The stone at position i of a piece (kundan and navratna pieces mix their colours). */
function stoneAt(s: Stone, i: number): Stone {
  if (s === 'navratna') return NAVRATNA[i % NAVRATNA.length]!;
  if (s === 'kundan') return KUNDAN[i % KUNDAN.length]!;
  return s;
}

/** Points along a quadratic Bézier from p0 over c to p1, with the tangent's angle in degrees. */
function along(p0: [number, number], c: [number, number], p1: [number, number], n: number, from = 0, to = 1) {
  return Array.from({ length: n }, (_, i) => {
    const t = from + ((to - from) * (i + 0.5)) / n;
    const u = 1 - t;
    const x = u * u * p0[0] + 2 * u * t * c[0] + t * t * p1[0];
    const y = u * u * p0[1] + 2 * u * t * c[1] + t * t * p1[1];
    const dx = 2 * u * (c[0] - p0[0]) + 2 * t * (p1[0] - c[0]);
    const dy = 2 * u * (c[1] - p0[1]) + 2 * t * (p1[1] - c[1]);
    return { x, y, a: (Math.atan2(dy, dx) * 180) / Math.PI };
  });
}

/** A chain of alternating links along a curve. */
function chain(
  p0: [number, number],
  c: [number, number],
  p1: [number, number],
  n: number,
  size: number,
): string {
  return along(p0, c, p1, n)
    .map(
      (p, i) =>
        `<ellipse cx="${f(p.x)}" cy="${f(p.y)}" rx="${f(size)}" ry="${f(i % 2 ? size * 0.45 : size * 0.62)}" transform="rotate(${f(p.a)} ${f(p.x)} ${f(p.y)})" fill="none" stroke="url(#metal)" stroke-width="${f(size * 0.42)}"/>`,
    )
    .join('');
}

function beads(
  p0: [number, number],
  c: [number, number],
  p1: [number, number],
  n: number,
  r: number,
  s: Stone,
  alt?: Stone,
): string {
  return along(p0, c, p1, n)
    .map((p, i) => (alt && i % 3 === 1 ? stone(alt, p.x, p.y, r * 0.8, false) : stone(s, p.x, p.y, r, false)))
    .join('');
}

const bead = (x: number, y: number, r: number) =>
  `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="url(#metal)"/><circle cx="${f(x - r * 0.3)}" cy="${f(y - r * 0.3)}" r="${f(r * 0.35)}" fill="url(#shine)"/>`;

function earringPair(draw: (x: number) => string): string {
  return `<g>${draw(285)}</g><g transform="translate(0 18)">${draw(515)}</g>`;
}

/** The piece itself, centred about (400, 380) in the 800 box. */
export function drawPiece(kind: PieceKind, s: Stone, rnd: () => number): string {
  switch (kind) {
    case 'chain':
      return `${chain([160, 150], [400, 760], [640, 150], 46, 11)}${chain([200, 150], [400, 640], [600, 150], 40, 7)}`;
    case 'pendant': {
      const drop = s === 'none' ? 'diamond' : stoneAt(s, 0);
      return `${chain([200, 130], [400, 690], [600, 130], 54, 5)}<path d="M400 420 C 330 360 320 470 400 530 C 480 470 470 360 400 420 Z" fill="url(#metal)" stroke="url(#metal2)" stroke-width="6"/>${stone(drop, 400, 462, 24)}<circle cx="400" cy="408" r="9" fill="none" stroke="url(#metal)" stroke-width="5"/>`;
    }
    case 'coin':
      return `${chain([170, 130], [400, 720], [630, 130], 48, 9)}${[-1, 0, 1]
        .map((k) => {
          const x = 400 + k * 92;
          const y = 470 - Math.abs(k) * 34;
          return `<circle cx="${x}" cy="${y}" r="40" fill="url(#metal)"/><circle cx="${x}" cy="${y}" r="31" fill="none" stroke="url(#metal2)" stroke-width="4"/><circle cx="${x}" cy="${y}" r="12" fill="url(#metal2)"/>`;
        })
        .join('')}`;
    case 'strand': {
      const lines = 1 + Math.floor(rnd() * 3);
      return (
        Array.from({ length: lines }, (_, i) =>
          beads(
            [180 + i * 14, 150],
            [400, 700 + i * 60],
            [620 - i * 14, 150],
            30 + i * 4,
            13 - i,
            'pearl',
            s === 'pearl' ? undefined : 'none',
          ),
        ).join('') +
        `<circle cx="400" cy="${f(430 + (lines - 1) * 30)}" r="22" fill="url(#metal)"/>${stone('pearl', 400, 470 + (lines - 1) * 30, 20, false)}`
      );
    }
    case 'choker': {
      const pts = along([170, 200], [400, 560], [630, 200], 13);
      const motifs = pts
        .map(
          (p, i) =>
            `<g transform="rotate(${f(p.a)} ${f(p.x)} ${f(p.y)})"><rect x="${f(p.x - 20)}" y="${f(p.y - 16)}" width="40" height="32" rx="8" fill="url(#metal)"/></g>${stone(stoneAt(s === 'none' ? 'ruby' : s, i), p.x, p.y, 11, false)}${stone('pearl', p.x, p.y + 34 + (i % 2) * 10, 7, false)}`,
        )
        .join('');
      const centre = `<path d="M360 390 L440 390 L425 470 L400 500 L375 470 Z" fill="url(#metal)"/>${stone(stoneAt(s === 'none' ? 'emerald' : s, 2), 400, 430, 22)}${stone('pearl', 400, 528, 14, false)}`;
      return `${chain([150, 160], [400, 520], [650, 160], 40, 6)}${motifs}${centre}`;
    }
    case 'necklace':
      return `${chain([170, 140], [400, 700], [630, 140], 44, 10)}${along(
        [210, 190],
        [400, 640],
        [590, 190],
        17,
      )
        .map((p, i) =>
          i % 2
            ? bead(p.x, p.y, 10)
            : `<path d="M${f(p.x - 10)} ${f(p.y)} L${f(p.x)} ${f(p.y + 26)} L${f(p.x + 10)} ${f(p.y)} Z" fill="url(#metal2)"/>`,
        )
        .join(
          '',
        )}<path d="M350 430 C 350 400 450 400 450 430 L 400 520 Z" fill="url(#metal)" stroke="url(#metal2)" stroke-width="5"/>${stone(s === 'none' ? 'none' : stoneAt(s, 1), 400, 448, 18)}`;
    case 'jhumka':
      return earringPair(
        (x) =>
          `<path d="M${x} 150 q34 -6 32 30 q-2 26 -32 34" fill="none" stroke="url(#metal)" stroke-width="6"/>${stone(s === 'none' ? 'none' : stoneAt(s, 0), x, 235, 20)}<rect x="${x - 4}" y="255" width="8" height="30" fill="url(#metal)"/><path d="M${x - 78} 420 C ${x - 70} 300 ${x + 70} 300 ${x + 78} 420 Z" fill="url(#metal)" stroke="url(#metal2)" stroke-width="4"/><path d="M${x - 60} 395 Q ${x} 370 ${x + 60} 395" fill="none" stroke="url(#metal2)" stroke-width="5"/>${Array.from({ length: 9 }, (_, i) => (s === 'pearl' || s === 'ruby' ? stone(s, x - 72 + i * 18, 436, 8, false) : bead(x - 72 + i * 18, 432, 7))).join('')}`,
      );
    case 'stud':
      return earringPair((x) => {
        const petals = Array.from({ length: 6 }, (_, i) => {
          const a = (i * Math.PI) / 3;
          return `<ellipse cx="${f(x + 44 * Math.cos(a))}" cy="${f(400 + 44 * Math.sin(a))}" rx="34" ry="22" transform="rotate(${f((a * 180) / Math.PI)} ${f(x + 44 * Math.cos(a))} ${f(400 + 44 * Math.sin(a))})" fill="url(#metal)" stroke="url(#metal2)" stroke-width="3"/>`;
        }).join('');
        return s === 'diamond'
          ? stone('diamond', x, 400, 56)
          : `${petals}${stone(s === 'none' ? 'diamond' : stoneAt(s, 0), x, 400, 26)}`;
      });
    case 'chandbali':
      return earringPair(
        (x) =>
          `<path d="M${x} 150 q30 -4 28 28 q-2 24 -28 30" fill="none" stroke="url(#metal)" stroke-width="6"/>${stone(s === 'none' ? 'none' : stoneAt(s, 0), x, 225, 16)}<path d="M${x - 95} 300 A 95 110 0 0 0 ${x + 95} 300 L ${x + 60} 300 A 60 75 0 0 1 ${x - 60} 300 Z" fill="url(#metal)" stroke="url(#metal2)" stroke-width="3"/>${along(
            [x - 80, 320],
            [x, 460],
            [x + 80, 320],
            7,
          )
            .map((p, i) => stone(stoneAt(s === 'none' ? 'ruby' : s, i), p.x, p.y - 6, 8, false))
            .join('')}${along([x - 95, 310], [x, 500], [x + 95, 310], 9)
            .map((p) => stone('pearl', p.x, p.y + 26, 8, false))
            .join('')}`,
      );
    case 'hoop':
      return earringPair(
        (x) =>
          `<ellipse cx="${x}" cy="400" rx="92" ry="104" fill="none" stroke="url(#metal)" stroke-width="${s === 'diamond' ? 18 : 22}"/><ellipse cx="${x}" cy="400" rx="92" ry="104" fill="none" stroke="#fff" stroke-opacity="0.45" stroke-width="3" stroke-dasharray="${s === 'none' ? '12 10' : '0'}"/>${
            s === 'diamond'
              ? along([x - 80, 350], [x, 560], [x + 80, 350], 9)
                  .map((p) => stone('diamond', p.x, p.y, 7, false))
                  .join('')
              : ''
          }`,
      );
    case 'solitaire-ring':
      return `<ellipse cx="400" cy="470" rx="150" ry="160" fill="none" stroke="url(#metal)" stroke-width="26"/><ellipse cx="400" cy="470" rx="137" ry="147" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="4"/><path d="M352 320 L372 268 M448 320 L428 268 M385 325 L392 262 M415 325 L408 262" stroke="url(#metal)" stroke-width="8" stroke-linecap="round"/><path d="M340 318 Q400 345 460 318 L445 300 Q400 318 355 300 Z" fill="url(#metal2)"/>${stone(s === 'none' ? 'diamond' : s, 400, 262, 52, false)}`;
    case 'cluster-ring': {
      const centre = stoneAt(s === 'none' ? 'ruby' : s, 0);
      const ringOf = Array.from({ length: 8 }, (_, i) => {
        const a = (i * Math.PI) / 4;
        return stone(
          stoneAt(s === 'none' ? 'diamond' : s, i + 1),
          400 + 50 * Math.cos(a),
          290 + 50 * Math.sin(a),
          15,
        );
      }).join('');
      return `<ellipse cx="400" cy="480" rx="140" ry="150" fill="none" stroke="url(#metal)" stroke-width="28"/><circle cx="400" cy="290" r="78" fill="url(#metal)" stroke="url(#metal2)" stroke-width="5"/>${ringOf}${stone(centre, 400, 290, 28)}`;
    }
    case 'band-ring':
      return `<ellipse cx="400" cy="420" rx="170" ry="180" fill="none" stroke="url(#metal)" stroke-width="54"/><ellipse cx="400" cy="420" rx="146" ry="156" fill="none" stroke="#000" stroke-opacity="0.14" stroke-width="6"/><ellipse cx="400" cy="420" rx="190" ry="200" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="3"/>${along(
        [262, 300],
        [400, 130],
        [538, 300],
        9,
      )
        .map((p) => (s === 'none' ? bead(p.x, p.y + 16, 5) : stone(stoneAt(s, 0), p.x, p.y + 16, 8, false)))
        .join('')}`;
    case 'bangles':
      return [0, 1, 2]
        .map((i) => {
          const y = 300 + i * 90;
          const dots = Array.from({ length: 24 }, (_, k) => {
            const a = (k * Math.PI) / 12;
            return `<circle cx="${f(400 + 215 * Math.cos(a))}" cy="${f(y + 95 * Math.sin(a))}" r="4" fill="${s === 'none' || s === 'diamond' ? '#fff' : s === 'kundan' ? (k % 2 ? '#c0142f' : '#12845a') : '#fff'}" fill-opacity="0.8"/>`;
          }).join('');
          return `<ellipse cx="400" cy="${y}" rx="215" ry="95" fill="none" stroke="url(#metal)" stroke-width="30"/><ellipse cx="400" cy="${y - 6}" rx="215" ry="95" fill="none" stroke="#fff" stroke-opacity="0.4" stroke-width="3"/>${dots}`;
        })
        .join('');
    case 'kada':
      return `<ellipse cx="400" cy="400" rx="220" ry="120" fill="none" stroke="url(#metal)" stroke-width="70"/><ellipse cx="400" cy="400" rx="220" ry="120" fill="none" stroke="url(#metal2)" stroke-width="6" stroke-dasharray="18 12"/><ellipse cx="400" cy="375" rx="220" ry="120" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="4"/>${s !== 'none' ? stone(stoneAt(s, 0), 400, 520, 24) : ''}`;
    case 'bracelet':
      return `${chain([150, 360], [400, 620], [650, 360], 30, 16)}${chain([150, 360], [400, 160], [650, 360], 30, 16)}${s !== 'none' ? stone(stoneAt(s, 0), 400, 490, 26) : bead(400, 500, 16)}`;
    case 'anklet':
      return `${chain([130, 330], [400, 560], [670, 330], 56, 7)}${along(
        [160, 345],
        [400, 540],
        [640, 345],
        11,
      )
        .map(
          (p, i) =>
            `<line x1="${f(p.x)}" y1="${f(p.y)}" x2="${f(p.x)}" y2="${f(p.y + 26)}" stroke="url(#metal)" stroke-width="3"/>${s === 'pearl' || s === 'black' || s === 'kundan' ? stone(stoneAt(s, i), p.x, p.y + 36, 10, false) : `<circle cx="${f(p.x)}" cy="${f(p.y + 38)}" r="13" fill="url(#metal)"/><path d="M${f(p.x - 8)} ${f(p.y + 42)} L${f(p.x + 8)} ${f(p.y + 42)}" stroke="#000" stroke-opacity="0.45" stroke-width="2.5"/>`}`,
        )
        .join('')}`;
    case 'mangalsutra': {
      const curve = along([190, 130], [400, 700], [610, 130], 64)
        .map((p, i) => (i % 8 === 0 ? bead(p.x, p.y, 8) : stone('black', p.x, p.y, 6, false)))
        .join('');
      const pendant =
        s === 'diamond'
          ? `<path d="M400 400 L440 450 L400 540 L360 450 Z" fill="url(#metal)"/>${stone('diamond', 400, 462, 28)}`
          : `<circle cx="362" cy="470" r="40" fill="url(#metal)"/><circle cx="438" cy="470" r="40" fill="url(#metal)"/><circle cx="362" cy="470" r="28" fill="url(#metal2)"/><circle cx="438" cy="470" r="28" fill="url(#metal2)"/>${stone(s === 'none' ? 'none' : s, 400, 425, 12)}`;
      return `${curve}${pendant}`;
    }
  }
}

/** What a picture shows: the piece, its finish and stone, which view and a seed for the variations. */
export type PieceSpec = { kind: PieceKind; stone: Stone; finish: Finish; view: number; seed: number };

/** The soft studio (or, for some second views, velvet) backdrop with a floor and the piece's shadow. */
function backdrop(w: number, h: number, palette: [string, string, string], floorY: number): string {
  return `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette[0]}"/><stop offset="0.62" stop-color="${palette[1]}"/><stop offset="1" stop-color="${palette[2]}"/></linearGradient>
<radialGradient id="spot" cx="50%" cy="38%" r="60%"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<rect width="${w}" height="${h}" fill="url(#bg)"/><rect width="${w}" height="${h}" fill="url(#spot)"/>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.07"/></linearGradient>
<rect y="${floorY - 60}" width="${w}" height="${h - floorY + 60}" fill="url(#floor)"/>`;
}

/** An 800x800 product photo; views after the first move closer, turn the piece, or lay it on velvet. */
export function pieceSvg(p: PieceSpec): string {
  const rnd = seededRandom(p.seed * 31 + p.view * 7 + 1);
  const velvet = p.view === 2;
  const palette = velvet ? VELVETS[p.seed % VELVETS.length]! : STUDIOS[(p.seed + p.view) % STUDIOS.length]!;
  const scale = (p.view === 1 ? 1.4 : velvet ? 1.02 : 1.1) + rnd() * 0.06;
  const turn = (rnd() - 0.5) * (p.view === 1 ? 18 : 10);
  const cy = p.view === 1 ? 440 : 410;
  const piece = drawPiece(p.kind, p.stone, rnd);
  const stones =
    p.stone === 'navratna'
      ? NAVRATNA
      : p.stone === 'kundan'
        ? [...KUNDAN, 'pearl' as Stone]
        : [
            p.stone,
            'pearl' as Stone,
            'diamond' as Stone,
            'black' as Stone,
            'ruby' as Stone,
            'emerald' as Stone,
          ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">${defs(p.finish, stones, rnd())}
${backdrop(800, 800, palette, 640)}
<ellipse cx="400" cy="${velvet ? 640 : 680}" rx="300" ry="44" fill="url(#shadow)" opacity="${velvet ? 0.8 : 0.4}"/>
<g transform="translate(400 ${cy}) rotate(${f(turn)}) scale(${scale.toFixed(3)}) translate(-400 -380)">${piece}</g>
</svg>`;
}

/** A wide picture (category banner, carousel slide) with the piece on the right; the words are the page's. */
export function wideSceneSvg(
  p: PieceSpec & { width: number; height: number; title: string; subtitle: string },
): string {
  const rnd = seededRandom(p.seed * 17 + 3);
  const palette = STUDIOS[p.seed % STUDIOS.length]!;
  const scale = (p.height * 0.95) / 800;
  const tx = p.width - 800 * scale - p.width * 0.05;
  const stones: Stone[] = [p.stone, 'pearl', 'diamond', 'black', 'ruby', 'emerald', ...NAVRATNA];
  const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${p.width}" height="${p.height}" viewBox="0 0 ${p.width} ${p.height}">${defs(p.finish, stones, rnd())}
${backdrop(p.width, p.height, palette, p.height * 0.8)}
<ellipse cx="${f(tx + 400 * scale)}" cy="${f(p.height * 0.86)}" rx="${f(260 * scale)}" ry="${f(26 * scale)}" fill="url(#shadow)" opacity="0.4"/>
<g transform="translate(${f(tx)} ${f(p.height * 0.02)}) scale(${scale.toFixed(3)})">${drawPiece(p.kind, p.stone, rnd)}</g>
<text x="${f(p.width * 0.07)}" y="${f(p.height * 0.47)}" font-family="Georgia, 'DejaVu Serif', serif" font-size="${Math.round(p.height * 0.12)}" fill="#3d2a14">${esc(p.title)}</text>
<text x="${f(p.width * 0.07)}" y="${f(p.height * 0.6)}" font-family="'DejaVu Sans', sans-serif" font-size="${Math.round(p.height * 0.05)}" fill="#6b5233">${esc(p.subtitle)}</text>
<rect x="${f(p.width * 0.07)}" y="${f(p.height * 0.67)}" width="${f(p.width * 0.1)}" height="4" fill="url(#metal)"/>
</svg>`;
}
