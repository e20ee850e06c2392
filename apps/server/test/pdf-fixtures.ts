import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';

/** A one-page certificate-like PDF, as a lab would issue it (a link to the lab's site included). */
export async function plainPdf(text = 'IGI Report LG612345678'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([420, 300]);
  page.drawText(text, { x: 30, y: 250, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  const link = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [30, 240, 200, 260],
    A: { S: 'URI', URI: PDFString.of('https://www.igi.org/') },
  });
  page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
  return Buffer.from(await doc.save());
}

/** Built by pdf-lib, then changed as text (objects kept uncompressed so the text is there to change). */
async function edited(
  build: (doc: PDFDocument) => void,
  edit: (text: string) => string = (s) => s,
  useObjectStreams = false,
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([420, 300]);
  build(doc);
  const bytes = Buffer.from(await doc.save({ useObjectStreams }));
  return Buffer.from(edit(bytes.toString('latin1')), 'latin1');
}

/** Opens with a JavaScript action; `compressed` hides it in an object stream, away from the raw bytes. */
export const pdfWithOpenActionScript = (compressed = false) =>
  edited(
    (doc) =>
      doc.catalog.set(
        PDFName.of('OpenAction'),
        doc.context.obj({ S: 'JavaScript', JS: PDFString.of("app.alert('hi')") }),
      ),
    undefined,
    compressed,
  );

/** The same, with the names written in lower-case hex escapes (`/#4aS` is `/JS` to a viewer). */
export const pdfWithEscapedScript = () =>
  edited(
    (doc) =>
      doc.catalog.set(
        PDFName.of('OpenAction'),
        doc.context.obj({ S: 'QQQQQQQQQQQQ', QQQQ: PDFString.of("app.alert('hi')") }),
      ),
    (s) => s.replace('/QQQQQQQQQQQQ', '/#4aavaScript').replace('/QQQQ', '/#4aS'),
  );

/** A link annotation that launches a program. */
export const pdfWithLaunch = () =>
  edited((doc) => {
    const annot = doc.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [0, 0, 100, 100],
      A: { S: 'Launch', F: PDFString.of('calc.exe') },
    });
    doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(annot)]));
  });

/** A file attached in the document's name tree. */
export const pdfWithEmbeddedFile = () =>
  edited((doc) => {
    const file = doc.context.flateStream('MZ not really a program', { Type: 'EmbeddedFile' });
    const spec = doc.context.obj({
      Type: 'Filespec',
      F: PDFString.of('a.exe'),
      EF: { F: doc.context.register(file) },
    });
    doc.catalog.set(
      PDFName.of('Names'),
      doc.context.obj({ EmbeddedFiles: { Names: [PDFString.of('a.exe'), doc.context.register(spec)] } }),
    );
  });

/** The trailer says the file is encrypted. */
export const encryptedPdf = () =>
  edited(
    () => undefined,
    (s) => s.replace(/trailer\s*<</, (m) => `${m}\n/Encrypt << /Filter /Standard /V 1 /R 2 >>`),
  );
