import { z } from 'zod';
import { PRODUCT_STATUSES, type ProductStatus } from './catalogue';
import { productInputSchema, type ProductInput } from './catalogue-admin';
import type { MakingChargeKind } from './price-breakup';
import type { GemInput } from './certificates';
import type { StoneOrigin } from './stones';

/**
 * The product spreadsheet (CSV or xlsx): one row per product with every field of the product form,
 * categories, metals and purities by name, HUIDs as written on the pieces. The export writes it, the
 * import reads it back to create or update products by SKU (docs/decisions/0055).
 */

export const PRODUCT_SHEET_COLUMNS = [
  { key: 'sku', header: 'SKU' },
  { key: 'name', header: 'Product Name' },
  { key: 'status', header: 'Status' },
  { key: 'productType', header: 'Price type' },
  { key: 'price', header: 'Price (₹)' },
  { key: 'originalPrice', header: 'Original Price (₹)' },
  { key: 'metal', header: 'Metal' },
  { key: 'purity', header: 'Purity' },
  { key: 'metalWeight', header: 'Net Metal Weight (grams)' },
  { key: 'makingKind', header: 'Making charge kind' },
  { key: 'makingValue', header: 'Making charge value' },
  { key: 'stonesDescription', header: 'Stones' },
  { key: 'stonesValue', header: 'Stone charges (₹)' },
  { key: 'stoneKind', header: 'Diamonds or gemstones' },
  { key: 'stoneOrigin', header: 'Natural or lab-grown' },
  { key: 'certLab', header: 'Certificate lab' },
  { key: 'certLabName', header: 'Certificate lab name' },
  { key: 'certReport', header: 'Certificate report number' },
  { key: 'certCarat', header: 'Carat' },
  { key: 'certColour', header: 'Colour' },
  { key: 'certClarity', header: 'Clarity' },
  { key: 'certCut', header: 'Cut' },
  { key: 'certFile', header: 'Certificate file' },
  { key: 'hallmarked', header: 'BIS hallmarked' },
  { key: 'huids', header: 'HUIDs' },
  { key: 'stock', header: 'Stock' },
  { key: 'category', header: 'Category' },
  { key: 'vendorPlan', header: 'Plan' },
  { key: 'vendorCommission', header: 'Vendor Commission (₹)' },
  { key: 'tagline', header: 'Tagline' },
  { key: 'description', header: 'Description' },
  { key: 'images', header: 'Images' },
  { key: 'specifications', header: 'Specifications' },
  { key: 'features', header: 'Features' },
  { key: 'sale', header: 'On sale' },
  { key: 'trending', header: 'Trending' },
  { key: 'variantGroupId', header: 'Variant Group ID' },
  { key: 'variantType', header: 'Variant Type' },
  { key: 'variantValue', header: 'Variant Value' },
  { key: 'launchDate', header: 'Launch Date' },
] as const;

export type SheetColumn = (typeof PRODUCT_SHEET_COLUMNS)[number]['key'];
export type SheetCells = Record<SheetColumn, string>;

/** Columns a spreadsheet may hold as numbers (xlsx writes them as number cells). */
export const NUMERIC_SHEET_COLUMNS: ReadonlySet<SheetColumn> = new Set([
  'price',
  'originalPrice',
  'metalWeight',
  'makingValue',
  'stonesValue',
  'certCarat',
  'stock',
  'vendorCommission',
]);

const HEADER_OF = new Map<SheetColumn, string>(PRODUCT_SHEET_COLUMNS.map((c) => [c.key, c.header]));
export const sheetHeader = (key: SheetColumn): string => HEADER_OF.get(key)!;

/** Most rows one import takes, and the largest file it reads. */
export const MAX_IMPORT_ROWS = 20_000;
export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;
/**
 * What an xlsx (a zip) may unpack to, the parts it may hold and the cells a row may hold: a small
 * file must not unpack into gigabytes (a zip bomb) or a sheet of millions of cells. A workbook of
 * 20,000 products with every column filled unpacks to well under a tenth of this.
 */
export const MAX_IMPORT_UNPACKED_BYTES = 128 * 1024 * 1024;
export const MAX_IMPORT_ZIP_ENTRIES = 500;
export const MAX_IMPORT_COLUMNS = 200;

export const IMPORT_MESSAGES = {
  notSheet: 'Choose a CSV file (.csv) or an Excel workbook (.xlsx)',
  tooLarge: `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`,
  empty: 'The file has no products: the first row names the columns, one product per row below it',
  tooManyRows: `A file may hold at most ${MAX_IMPORT_ROWS.toLocaleString('en-IN')} products`,
  tooLargeUnpacked: `The workbook unpacks to more than ${MAX_IMPORT_UNPACKED_BYTES / 1024 / 1024} MB: save the products sheet alone and import that`,
  tooManyParts: `The workbook holds more than ${MAX_IMPORT_ZIP_ENTRIES} parts: save the products sheet alone and import that`,
  tooManyColumns: `A row may hold at most ${MAX_IMPORT_COLUMNS} columns`,
  noSku: 'The first row must name the columns, with a SKU column',
  unreadable: 'The file could not be read as CSV or as an Excel workbook',
  changedSinceCheck:
    'The catalogue or the file changed since the dry run: check the file again before applying it',
  hasErrors: 'The file has errors: correct them and check it again; nothing was applied',
  unknownColumn: (name: string) => `Unknown column "${name}"`,
  duplicateColumn: (name: string) => `The column "${name}" appears twice`,
  duplicateSku: (row: number) => `This SKU is also on row ${row}`,
  duplicateName: (row: number) => `This name is also on row ${row}`,
  nameTaken: (sku: string) => `Another product (SKU ${sku}) already has this name`,
  huidTaken: (huid: string) => `HUID ${huid} is on a piece of another product`,
  huidTwice: (huid: string, row: number) => `HUID ${huid} is also on row ${row}`,
  unknownCategory: (name: string) => `Unknown category "${name}"`,
  unknownMetal: (name: string) => `Unknown metal "${name}"`,
  unknownPurity: (name: string, metal: string, known: string[]) =>
    `Unknown purity "${name}" of ${metal}${known.length ? ` (known: ${known.join(', ')})` : ''}`,
  newArchived: 'A new product cannot start archived: use active or draft',
  onCarousel: 'The home carousel links to this product: change or remove that slide before archiving it',
  notNumber: 'Must be a number',
  notWholeNumber: 'Must be a whole number',
  notYesNo: 'Write yes or no',
  badStatus: 'Write active, draft or archived',
  badSpecification: 'Write each specification as "Name: value" on its own line',
  badDate: 'Write the date as YYYY-MM-DD or an ISO date and time',
  stockNeedsHuids: 'A hallmarked product needs one HUID per piece in stock',
  tooExpensive: 'The price is too large',
} as const;

/** A product as the sheet shows it (rupees and grams; names, not ids). */
export type SheetProduct = {
  sku: string;
  name: string;
  status: ProductStatus;
  productType: ProductInput['productType'];
  price: number;
  originalPrice: number | null;
  metal: string | null;
  purity: string | null;
  metalWeight: number;
  making: { kind: MakingChargeKind; value: number } | null;
  stones: { description: string; value: number } | null;
  gem: GemInput | null;
  hallmarked: boolean;
  huids: string[];
  stock: number;
  category: string;
  vendorPlan: ProductInput['vendorPlan'];
  vendorCommission: number;
  tagline: string | null;
  description: string | null;
  images: string[];
  specifications: Record<string, string>;
  features: string[];
  sale: boolean;
  trending: boolean;
  variantGroupId: string | null;
  variantType: string | null;
  variantValue: string | null;
  launchDate: string | null;
};

const yesNo = (v: boolean) => (v ? 'yes' : 'no');
const num = (v: number) => String(v);

/** The cells of one product's row: what the export writes and what a dry run compares. */
export function productSheetCells(p: SheetProduct): SheetCells {
  const metalPriced = p.productType !== 'MRP';
  return {
    sku: p.sku,
    name: p.name,
    status: p.status,
    productType: p.productType,
    price: num(p.price),
    originalPrice: p.originalPrice === null ? '' : num(p.originalPrice),
    metal: p.metal ?? '',
    purity: metalPriced ? (p.purity ?? '') : '',
    metalWeight: num(p.metalWeight),
    makingKind: metalPriced && p.making ? p.making.kind : '',
    makingValue: metalPriced && p.making ? num(p.making.value) : '',
    stonesDescription: metalPriced && p.stones ? p.stones.description : '',
    stonesValue: metalPriced && p.stones ? num(p.stones.value) : '',
    ...gemCells(p.gem),
    hallmarked: yesNo(p.hallmarked),
    huids: p.huids.join(' '),
    stock: num(p.stock),
    category: p.category,
    vendorPlan: p.vendorPlan,
    vendorCommission: num(p.vendorCommission),
    tagline: p.tagline ?? '',
    description: p.description ?? '',
    images: p.images.join('\n'),
    specifications: Object.entries(p.specifications)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n'),
    features: p.features.join('\n'),
    sale: yesNo(p.sale),
    trending: yesNo(p.trending),
    variantGroupId: p.variantGroupId ?? '',
    variantType: p.variantType ?? '',
    variantValue: p.variantValue ?? '',
    launchDate: p.launchDate ?? '',
  };
}

const ORIGIN_WORDS: Record<StoneOrigin, string> = { NATURAL: 'natural', LAB_GROWN: 'lab-grown' };

function gemCells(gem: GemInput | null) {
  const c = gem?.certificate;
  return {
    stoneKind: gem ? gem.kind.toLowerCase() : '',
    stoneOrigin: gem?.origin ? ORIGIN_WORDS[gem.origin] : '',
    certLab: c?.lab ?? '',
    certLabName: c?.labName ?? '',
    certReport: c?.reportNumber ?? '',
    certCarat: c ? num(c.carat) : '',
    certColour: c?.colour ?? '',
    certClarity: c?.clarity ?? '',
    certCut: c?.cut ?? '',
    certFile: c?.file ?? '',
  };
}

/** The stones named by a row: 'diamond' / 'gemstone', 'natural' / 'lab-grown', a certificate when a lab is named. */
function gemCell(cells: SheetCells, carat: number | undefined) {
  const word = (key: SheetColumn) =>
    cells[key]
      .trim()
      .toUpperCase()
      .replace(/[\s-]+/g, '_');
  const kind = word('stoneKind').replace(/S$/, '');
  if (!kind) return null;
  const lab = word('certLab');
  return {
    kind,
    origin: word('stoneOrigin') || null,
    certificate: lab
      ? {
          lab,
          labName: textCell(cells, 'certLabName'),
          reportNumber: cells.certReport,
          carat: carat ?? Number.NaN,
          colour: textCell(cells, 'certColour'),
          clarity: textCell(cells, 'certClarity'),
          cut: textCell(cells, 'certCut'),
          file: textCell(cells, 'certFile'),
        }
      : null,
  };
}

const GEM_COLUMNS: Record<string, SheetColumn> = {
  kind: 'stoneKind',
  origin: 'stoneOrigin',
  lab: 'certLab',
  labName: 'certLabName',
  reportNumber: 'certReport',
  carat: 'certCarat',
  colour: 'certColour',
  clarity: 'certClarity',
  cut: 'certCut',
  file: 'certFile',
};

export const emptySheetCells = (): SheetCells =>
  Object.fromEntries(PRODUCT_SHEET_COLUMNS.map((c) => [c.key, ''])) as SheetCells;

/**
 * Which column each header of a file names (by its header, case and spacing aside, or its key), and
 * the headers that name none or name one twice. A file may leave columns out: an update keeps
 * those fields as they are; a new product takes the form's defaults.
 */
export function sheetColumnsOf(headers: string[]): {
  columns: Array<SheetColumn | null>;
  errors: string[];
} {
  const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
  const byName = new Map<string, SheetColumn>();
  for (const c of PRODUCT_SHEET_COLUMNS) {
    byName.set(norm(c.header), c.key);
    byName.set(norm(c.key), c.key);
  }
  const seen = new Set<SheetColumn>();
  const errors: string[] = [];
  const columns = headers.map((h) => {
    if (norm(h) === '') return null;
    const key = byName.get(norm(h));
    if (!key) {
      errors.push(IMPORT_MESSAGES.unknownColumn(h.trim()));
      return null;
    }
    if (seen.has(key)) errors.push(IMPORT_MESSAGES.duplicateColumn(h.trim()));
    seen.add(key);
    return key;
  });
  if (!seen.has('sku')) errors.push(IMPORT_MESSAGES.noSku);
  return { columns, errors };
}

/** Name lookups the server answers from the catalogue (case-insensitive). */
export type SheetRefs = {
  category: (name: string) => number | undefined;
  metal: (name: string) => { id: number; name: string } | undefined;
  purity: (metalId: number, name: string) => number | undefined;
  puritiesOf: (metalId: number) => string[];
};

export type CellError = { column: string; message: string };

/** One row read: the product input the form would send, and the status the sheet gives. */
export type ParsedSheetRow = { input: ProductInput; status: ProductStatus };

class CellProblem extends Error {
  constructor(
    readonly column: SheetColumn,
    message: string,
  ) {
    super(message);
  }
}

/** Rupee and gram cells may be written the Indian way: ₹1,23,456.50. */
function numberCell(cells: SheetCells, key: SheetColumn): number | undefined {
  const raw = cells[key].replace(/[₹,\s]/g, '');
  if (raw === '') return undefined;
  const value = Number(raw);
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(raw) || !Number.isFinite(value))
    throw new CellProblem(key, IMPORT_MESSAGES.notNumber);
  return value;
}

function booleanCell(cells: SheetCells, key: SheetColumn): boolean {
  const raw = cells[key].trim().toLowerCase();
  if (['', 'no', 'n', 'false', '0'].includes(raw)) return false;
  if (['yes', 'y', 'true', '1'].includes(raw)) return true;
  throw new CellProblem(key, IMPORT_MESSAGES.notYesNo);
}

const textCell = (cells: SheetCells, key: SheetColumn) => cells[key].trim() || null;
const lines = (v: string) =>
  v
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);

function specificationsCell(cells: SheetCells): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of lines(cells.specifications)) {
    const at = line.indexOf(':');
    if (at <= 0) throw new CellProblem('specifications', IMPORT_MESSAGES.badSpecification);
    out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}

function dateCell(cells: SheetCells): string | null {
  const raw = cells.launchDate.trim();
  if (raw === '') return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) return `${raw}T00:00:00.000Z`;
  if (Number.isNaN(Date.parse(raw))) throw new CellProblem('launchDate', IMPORT_MESSAGES.badDate);
  return raw;
}

function statusCell(cells: SheetCells): ProductStatus {
  const raw = cells.status.trim().toLowerCase() || 'active';
  if (!(PRODUCT_STATUSES as readonly string[]).includes(raw))
    throw new CellProblem('status', IMPORT_MESSAGES.badStatus);
  return raw as ProductStatus;
}

/** The column a validation issue of the product input belongs to. */
function columnOfIssue(path: PropertyKey[]): SheetColumn {
  const [first, second] = path.map(String);
  if (first === 'making') return second === 'kind' ? 'makingKind' : 'makingValue';
  if (first === 'stones') return second === 'description' ? 'stonesDescription' : 'stonesValue';
  if (first === 'gem') return GEM_COLUMNS[String(path[path.length - 1])] ?? 'stoneKind';
  if (first === 'category') return 'category';
  if (first === 'metal') return 'metal';
  if (first === 'purity') return 'purity';
  const known = PRODUCT_SHEET_COLUMNS.find((c) => c.key === first);
  return known ? known.key : 'sku';
}

/** Reads every typed cell, collecting one problem per cell. */
function readCells(cells: SheetCells, errors: CellError[]) {
  const read = <T>(fn: () => T): T | undefined => {
    try {
      return fn();
    } catch (err) {
      if (!(err instanceof CellProblem)) throw err;
      errors.push({ column: sheetHeader(err.column), message: err.message });
      return undefined;
    }
  };
  const stock = read(() => numberCell(cells, 'stock'));
  if (stock !== undefined && !Number.isInteger(stock))
    errors.push({ column: sheetHeader('stock'), message: IMPORT_MESSAGES.notWholeNumber });
  return {
    status: read(() => statusCell(cells)),
    price: read(() => numberCell(cells, 'price')),
    originalPrice: read(() => numberCell(cells, 'originalPrice')),
    metalWeight: read(() => numberCell(cells, 'metalWeight')),
    makingValue: read(() => numberCell(cells, 'makingValue')),
    stonesValue: read(() => numberCell(cells, 'stonesValue')),
    certCarat: read(() => numberCell(cells, 'certCarat')),
    stock,
    vendorCommission: read(() => numberCell(cells, 'vendorCommission')),
    hallmarked: read(() => booleanCell(cells, 'hallmarked')),
    sale: read(() => booleanCell(cells, 'sale')),
    trending: read(() => booleanCell(cells, 'trending')),
    specifications: read(() => specificationsCell(cells)),
    launchDate: read(() => dateCell(cells)),
  };
}

/** The category, metal and purity named by the row, with an error for each name not known. */
function resolveNames(cells: SheetCells, refs: SheetRefs, metalPriced: boolean, errors: CellError[]) {
  const categoryName = cells.category.trim();
  const categoryId = categoryName ? refs.category(categoryName) : undefined;
  if (!categoryName) errors.push({ column: sheetHeader('category'), message: 'This field is required' });
  else if (categoryId === undefined)
    errors.push({ column: sheetHeader('category'), message: IMPORT_MESSAGES.unknownCategory(categoryName) });
  const metalName = cells.metal.trim();
  const metal = metalName ? refs.metal(metalName) : undefined;
  if (metalName && !metal)
    errors.push({ column: sheetHeader('metal'), message: IMPORT_MESSAGES.unknownMetal(metalName) });
  const purityName = cells.purity.trim();
  let purityId: number | undefined;
  if (metalPriced && purityName && metal) {
    purityId = refs.purity(metal.id, purityName);
    if (purityId === undefined)
      errors.push({
        column: sheetHeader('purity'),
        message: IMPORT_MESSAGES.unknownPurity(purityName, metal.name, refs.puritiesOf(metal.id)),
      });
  }
  return { categoryId, metalId: metal?.id, purityId };
}

/**
 * Reads one row's cells into the product input the form would send, checked by the same schema
 * (`productInputSchema`), with names resolved through `refs`. Every problem comes back with its
 * column; nothing here throws on any text.
 */
export function parseProductRow(
  cells: SheetCells,
  refs: SheetRefs,
): { ok: true; row: ParsedSheetRow } | { ok: false; errors: CellError[] } {
  const errors: CellError[] = [];
  const typed = readCells(cells, errors);
  const productType = cells.productType.trim().toUpperCase() || 'MRP';
  const metalPriced = productType !== 'MRP';
  const names = resolveNames(cells, refs, metalPriced, errors);
  const makingKind = cells.makingKind.trim().toUpperCase();
  const stonesDescription = cells.stonesDescription.trim();
  const candidate = {
    sku: cells.sku,
    name: cells.name,
    tagline: textCell(cells, 'tagline'),
    description: textCell(cells, 'description'),
    productType,
    price: typed.price,
    originalPrice: typed.originalPrice ?? null,
    metalWeight: typed.metalWeight ?? 0,
    purity: names.purityId === undefined ? null : { id: names.purityId },
    making: metalPriced && makingKind ? { kind: makingKind, value: typed.makingValue ?? 0 } : null,
    stones:
      metalPriced && (stonesDescription || typed.stonesValue)
        ? { description: stonesDescription, value: typed.stonesValue ?? 0 }
        : null,
    gem: gemCell(cells, typed.certCarat),
    hallmarked: typed.hallmarked ?? false,
    huids: cells.huids.split(/[\s,;]+/).filter((h) => h.length > 0),
    category: names.categoryId === undefined ? undefined : { id: names.categoryId },
    metal: names.metalId === undefined ? null : { id: names.metalId },
    vendorPlan: cells.vendorPlan.trim() || 'FREE',
    vendorCommission: typed.vendorCommission ?? 0,
    images: cells.images.split(/\s+/).filter((i) => i.length > 0),
    specifications: typed.specifications ?? {},
    features: lines(cells.features),
    sale: typed.sale ?? false,
    trending: typed.trending ?? false,
    variantGroupId: textCell(cells, 'variantGroupId'),
    variantType: textCell(cells, 'variantType'),
    variantValue: textCell(cells, 'variantValue'),
    launchDate: typed.launchDate ?? null,
    // A stock already reported unreadable does not hide the row's other problems.
    stock: typed.stock !== undefined && Number.isInteger(typed.stock) ? typed.stock : 0,
    status: typed.status === 'draft' ? 'draft' : 'active',
  };
  const parsed = productInputSchema.safeParse(candidate);
  const seen = new Set(errors.map((e) => e.column));
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const column = sheetHeader(columnOfIssue(issue.path));
      // A name already reported unknown (or a cell unreadable) says enough about its column.
      if (seen.has(column)) continue;
      seen.add(column);
      errors.push({ column, message: issue.message });
    }
  if (errors.length > 0 || !parsed.success || typed.status === undefined) return { ok: false, errors };
  return { ok: true, row: { input: parsed.data, status: typed.status } };
}

/** A dry run's or an apply's account of one row of the file (row 2 is the first product). */
export const importRowOutcomeSchema = z.discriminatedUnion('outcome', [
  z.object({ row: z.number().int(), sku: z.string(), outcome: z.literal('created') }),
  z.object({
    row: z.number().int(),
    sku: z.string(),
    outcome: z.literal('updated'),
    changes: z.array(z.object({ column: z.string(), before: z.string(), after: z.string() })),
  }),
  z.object({ row: z.number().int(), sku: z.string(), outcome: z.literal('unchanged') }),
]);
export type ImportRowOutcome = z.infer<typeof importRowOutcomeSchema>;

export const importErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

/** The dry run's answer (and, once applied, the apply's). */
export const importReportSchema = z.object({
  /** Names this exact plan; the apply is refused when the file or the catalogue moved since. */
  checksum: z.string(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  outcomes: z.array(importRowOutcomeSchema),
  errors: z.array(importErrorSchema),
  applied: z.boolean(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const importApplyQuery = z.object({
  checksum: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{64}$/, 'Run the dry run first'),
});

/** One line of the apply's streamed answer (NDJSON). */
export type ImportProgressLine =
  | { type: 'progress'; done: number; total: number }
  | { type: 'report'; report: ImportReport }
  | { type: 'failed'; code: string; message: string };

/** `GET /api/products/export`: the spreadsheet kind. */
export const productExportQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });
