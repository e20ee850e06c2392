/**
 * Demo pictures drawn as SVG and rasterised by the image store (sharp), so the seed needs no
 * downloads. Each picture is a warm studio backdrop with a stylised piece of jewellery and a caption.
 */
export type Shape = 'necklace' | 'earring' | 'ring' | 'bangle' | 'anklet' | 'mangalsutra';
export type Finish = 'gold' | 'rose' | 'white' | 'silver';

const FINISHES: Record<Finish, [string, string, string]> = {
  gold: ['#fff2b8', '#e2b04a', '#9a6a12'],
  rose: ['#ffe0d2', '#dd9677', '#9b5a44'],
  white: ['#ffffff', '#d9d9d2', '#8f8f88'],
  silver: ['#ffffff', '#c3c8ce', '#6f7780'],
};
const BACKDROPS: [string, string][] = [
  ['#7a1f2b', '#2b0a10'],
  ['#f7e7d0', '#d9b48f'],
  ['#123b36', '#061a17'],
  ['#fbeee6', '#e8c4b0'],
  ['#2a1846', '#0f0820'],
  ['#f3e3c3', '#c9a46b'],
];
const GEMS = ['#c2185b', '#1b7a4a', '#1e4fa3', '#f5f5f0', '#8e24aa'];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function defs(finish: Finish, back: [string, string]): string {
  const [hi, mid, lo] = FINISHES[finish];
  return `<defs>
  <radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="${back[0]}"/><stop offset="1" stop-color="${back[1]}"/></radialGradient>
  <linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hi}"/><stop offset="0.5" stop-color="${mid}"/><stop offset="1" stop-color="${lo}"/></linearGradient>
  <radialGradient id="gloss" cx="35%" cy="30%" r="70%"><stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
</defs>`;
}

function gem(cx: number, cy: number, r: number, color: string): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}" stroke="url(#metal)" stroke-width="${Math.max(3, r / 3)}"/><circle cx="${cx - r / 3}" cy="${cy - r / 3}" r="${r / 3}" fill="url(#gloss)"/>`;
}

function beads(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  from: number,
  to: number,
  n: number,
  r: number,
): string {
  let out = '';
  for (let i = 0; i <= n; i++) {
    const a = from + ((to - from) * i) / n;
    out += `<circle cx="${(cx + rx * Math.cos(a)).toFixed(1)}" cy="${(cy + ry * Math.sin(a)).toFixed(1)}" r="${r}" fill="url(#metal)"/>`;
  }
  return out;
}

function drawShape(shape: Shape, gemColor: string): string {
  switch (shape) {
    case 'necklace':
      return `<path d="M170 220 Q400 640 630 220" fill="none" stroke="url(#metal)" stroke-width="16"/>${beads(400, 250, 215, 300, 0.35, Math.PI - 0.35, 22, 11)}<path d="M370 540 L400 620 L430 540 Z" fill="url(#metal)"/>${gem(400, 520, 34, gemColor)}`;
    case 'mangalsutra':
      return `<path d="M190 200 Q400 650 610 200" fill="none" stroke="url(#metal)" stroke-width="3"/><path d="M190 200 Q400 650 610 200" fill="none" stroke="#141414" stroke-width="12" stroke-linecap="round" stroke-dasharray="1 14"/>${beads(400, 230, 200, 300, 0.6, Math.PI - 0.6, 10, 9)}<circle cx="365" cy="545" r="36" fill="url(#metal)"/><circle cx="435" cy="545" r="36" fill="url(#metal)"/>${gem(400, 500, 16, gemColor)}`;
    case 'earring':
      return [300, 500]
        .map(
          (x) =>
            `<path d="M${x} 170 q30 0 30 30 q0 30 -30 40" fill="none" stroke="url(#metal)" stroke-width="8"/>${gem(x, 265, 22, gemColor)}<path d="M${x - 80} 430 Q${x} 270 ${x + 80} 430 Z" fill="url(#metal)"/>${beads(x, 430, 80, 12, 0, Math.PI, 8, 7)}${gem(x, 380, 16, gemColor)}`,
        )
        .join('');
    case 'ring':
      return `<ellipse cx="400" cy="450" rx="170" ry="150" fill="none" stroke="url(#metal)" stroke-width="34"/><ellipse cx="400" cy="450" rx="150" ry="130" fill="none" stroke="#000" stroke-opacity="0.15" stroke-width="6"/><path d="M340 300 L400 250 L460 300 Z" fill="url(#metal)"/>${gem(400, 250, 48, gemColor)}`;
    case 'bangle':
      return `<ellipse cx="360" cy="400" rx="200" ry="200" fill="none" stroke="url(#metal)" stroke-width="38"/><ellipse cx="450" cy="450" rx="190" ry="190" fill="none" stroke="url(#metal)" stroke-width="26"/>${beads(360, 400, 200, 200, 0, Math.PI * 2, 23, 6)}${gem(360, 200, 18, gemColor)}`;
    case 'anklet':
      return `<path d="M140 360 Q400 560 660 360" fill="none" stroke="url(#metal)" stroke-width="6"/>${beads(400, 300, 270, 160, 0.4, Math.PI - 0.4, 26, 9)}${[
        0.8, 1.2, 1.57, 1.94, 2.34,
      ]
        .map(
          (a) =>
            `<circle cx="${(400 + 270 * Math.cos(a)).toFixed(1)}" cy="${(330 + 160 * Math.sin(a)).toFixed(1)}" r="12" fill="url(#metal)"/>`,
        )
        .join('')}`;
  }
}

function caption(text: string, width: number, y: number, size: number, dark: boolean): string {
  const fill = dark ? '#fbe9c6' : '#5b3a10';
  return `<text x="${width / 2}" y="${y}" text-anchor="middle" font-family="Georgia, 'DejaVu Serif', serif" font-size="${size}" fill="${fill}">${escapeXml(text)}</text>`;
}

export type ProductPicture = { name: string; shape: Shape; finish: Finish; view: number; seed: number };

/** An 800x800 product shot; `view` varies the backdrop and framing between a product's pictures. */
export function productSvg(p: ProductPicture): string {
  const back = BACKDROPS[(p.seed + p.view) % BACKDROPS.length]!;
  const dark = (p.seed + p.view) % 2 === 0;
  const gemColor = GEMS[p.seed % GEMS.length]!;
  const scale = [1, 1.25, 0.9, 1.1][p.view % 4]!;
  const tx = 400 - 400 * scale;
  const ty = 380 - 400 * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">${defs(p.finish, back)}
<rect width="800" height="800" fill="url(#bg)"/>
<ellipse cx="400" cy="700" rx="260" ry="28" fill="#000" fill-opacity="0.18"/>
<g transform="translate(${tx.toFixed(1)} ${ty.toFixed(1)}) scale(${scale})">${drawShape(p.shape, gemColor)}</g>
${caption(p.name, 800, 760, p.name.length > 28 ? 30 : 36, dark)}
<text x="40" y="60" font-family="Georgia, serif" font-size="24" letter-spacing="6" fill="${dark ? '#e8c77a' : '#8a5a14'}">ZEVAR</text>
</svg>`;
}

export type WidePicture = {
  title: string;
  subtitle: string;
  shape: Shape;
  finish: Finish;
  seed: number;
  width: number;
  height: number;
};

/** A wide picture for category banners (1600x500) and carousel slides (1600x600). */
export function wideSvg(p: WidePicture): string {
  const back = BACKDROPS[p.seed % BACKDROPS.length]!;
  const dark = p.seed % 2 === 0;
  const gemColor = GEMS[p.seed % GEMS.length]!;
  const scale = (p.height * 0.9) / 800;
  const tx = p.width - 800 * scale - p.width * 0.06;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${p.width}" height="${p.height}" viewBox="0 0 ${p.width} ${p.height}">${defs(p.finish, back)}
<rect width="${p.width}" height="${p.height}" fill="url(#bg)"/>
<circle cx="${p.width * 0.72}" cy="${p.height / 2}" r="${p.height * 0.55}" fill="url(#metal)" fill-opacity="0.12"/>
<circle cx="${p.width * 0.72}" cy="${p.height / 2}" r="${p.height * 0.42}" fill="none" stroke="url(#metal)" stroke-opacity="0.5" stroke-width="3"/>
<g transform="translate(${tx.toFixed(1)} ${(p.height * 0.05).toFixed(1)}) scale(${scale.toFixed(3)})">${drawShape(p.shape, gemColor)}</g>
<text x="${p.width * 0.07}" y="${p.height * 0.47}" font-family="Georgia, 'DejaVu Serif', serif" font-size="${Math.round(p.height * 0.14)}" fill="${dark ? '#fbe9c6' : '#5b3a10'}">${escapeXml(p.title)}</text>
<text x="${p.width * 0.07}" y="${p.height * 0.62}" font-family="'DejaVu Sans', sans-serif" font-size="${Math.round(p.height * 0.06)}" fill="${dark ? '#e8c77a' : '#8a5a14'}">${escapeXml(p.subtitle)}</text>
<rect x="${p.width * 0.07}" y="${p.height * 0.7}" width="${p.width * 0.12}" height="4" fill="url(#metal)"/>
</svg>`;
}

/** A square category tile (600x600). */
export function tileSvg(name: string, shape: Shape, finish: Finish, seed: number): string {
  return productSvg({ name, shape, finish, view: 0, seed }).replace(
    'width="800" height="800" viewBox',
    'width="600" height="600" viewBox',
  );
}

/** Runs `fn` over `items` with at most `limit` at a time, keeping the order of results. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
