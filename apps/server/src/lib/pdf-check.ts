import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, type PDFObject } from 'pdf-lib';

/**
 * Whether an uploaded file is a PDF we are willing to serve to buyers (a lab's certificate,
 * decision 0069): decided by its content, parsed by pdf-lib rather than by hand.
 *
 * - It starts with the PDF header (`%PDF-1.x` or `%PDF-2.0`) and ends with `%%EOF`: an HTML or
 *   script file renamed `.pdf` is refused before any parsing.
 * - pdf-lib parses every object in the file (also those inside object streams and later updates),
 *   refusing malformed objects; it must have at least one page. Encrypted files are refused: their
 *   object streams cannot be read, so what they hide cannot be checked.
 * - Nothing active: no JavaScript (`/JS`, `/JavaScript`), no launch, remote go-to, form submission
 *   or import actions, no embedded or attached files, no rich media, no XFA forms. Links to web
 *   pages (`/URI`) stay: certificates print the lab's site.
 */
export type PdfVerdict = { ok: true; pages: number } | { ok: false; reason: PdfRefusal };
export type PdfRefusal = 'NOT_PDF' | 'MALFORMED' | 'ENCRYPTED' | 'NO_PAGES' | 'ACTIVE_CONTENT';

/** Keys whose mere presence makes the document active or a carrier of other files. */
const ACTIVE_KEYS = new Set([
  'JS',
  'JavaScript',
  'EmbeddedFiles',
  'EmbeddedFile',
  'EF',
  'XFA',
  'RichMediaContent',
]);
/** Action types (`/S`) and object types (`/Type`, `/Subtype`) that run, open or carry something. */
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'Launch',
  'GoToR',
  'GoToE',
  'SubmitForm',
  'ImportData',
  'Rendition',
  'RichMediaExecute',
  'EmbeddedFile',
  'FileAttachment',
  'RichMedia',
  'Movie',
  'Sound',
  'Screen',
]);
const TYPED_KEYS = new Set(['S', 'Type', 'Subtype']);
/**
 * The same words as they would stand in the file's bytes, looked for outside pdf-lib too: in a
 * region the parser skipped (a broken object after the last update), they would still be refused.
 */
const RAW_MARKERS = ['/JavaScript', '/Launch', '/EmbeddedFile', '/RichMedia', '/XFA'];

/**
 * A name as a viewer reads it: `#xx` escapes decoded whatever their case (pdf-lib decodes only
 * upper-case ones, and `/J#61vaScript` is `/JavaScript` to Acrobat).
 */
const nameOf = (n: PDFName) =>
  n.decodeText().replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function isActive(obj: PDFObject, seen: Set<PDFObject>): boolean {
  if (seen.has(obj)) return false;
  seen.add(obj);
  if (obj instanceof PDFStream) return isActive(obj.dict, seen);
  if (obj instanceof PDFArray) return obj.asArray().some((o) => isActive(o, seen));
  if (!(obj instanceof PDFDict)) return false;
  for (const [key, value] of obj.entries()) {
    const k = nameOf(key);
    if (ACTIVE_KEYS.has(k)) return true;
    if (TYPED_KEYS.has(k) && value instanceof PDFName && ACTIVE_NAMES.has(nameOf(value))) return true;
    if (!(value instanceof PDFRef) && isActive(value, seen)) return true;
  }
  return false;
}

const HEADER = /^%PDF-(1\.[0-7]|2\.0)/;

export async function checkPdf(bytes: Buffer): Promise<PdfVerdict> {
  if (!HEADER.test(bytes.toString('latin1', 0, 8))) return { ok: false, reason: 'NOT_PDF' };
  if (!bytes.toString('latin1', Math.max(0, bytes.length - 1024)).includes('%%EOF'))
    return { ok: false, reason: 'NOT_PDF' };
  const raw = bytes.toString('latin1');
  if (RAW_MARKERS.some((m) => raw.includes(m))) return { ok: false, reason: 'ACTIVE_CONTENT' };
  let doc: PDFDocument;
  try {
    // Loaded even when encrypted, to tell that apart from a broken file (pdf-lib's own error
    // classes lose their identity in its ES5 build, so `instanceof` cannot tell them).
    doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: true,
      updateMetadata: false,
    });
  } catch {
    return { ok: false, reason: 'MALFORMED' };
  }
  if (doc.isEncrypted) return { ok: false, reason: 'ENCRYPTED' };
  const seen = new Set<PDFObject>();
  for (const [, obj] of doc.context.enumerateIndirectObjects())
    if (isActive(obj, seen)) return { ok: false, reason: 'ACTIVE_CONTENT' };
  let pages = 0;
  try {
    pages = doc.getPageCount();
  } catch {
    return { ok: false, reason: 'MALFORMED' };
  }
  return pages > 0 ? { ok: true, pages } : { ok: false, reason: 'NO_PAGES' };
}

/**
 * A served certificate runs nothing: no scripts, no forms, no base URL, no framing by other sites.
 * Chrome shows a PDF in a page of its own making that this policy governs, so its plugin
 * (`object-src`), frame and inline styles stay allowed from here, else the viewer is blocked or
 * drawn in a strip (decision 0069). Not `sandbox`: browsers' PDF viewers refuse sandboxed documents.
 */
export const CERTIFICATE_CSP =
  "default-src 'none'; script-src 'none'; object-src 'self'; frame-src 'self'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";
