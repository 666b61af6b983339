/**
 * Where a test PDF carries JavaScript: run when it is opened (the catalogue's OpenAction), behind a link on
 * page 1, or run when it is opened with its names written in hex escapes (/J#53 is /JS), as a file hiding
 * from a plain search of its bytes would.
 */
export type PdfScript = 'open-action' | 'link' | 'disguised';

/**
 * Small PDFs made byte by byte for tests, with a correct cross-reference table, so each test states
 * exactly what it sends: a number of pages, an encryption dictionary whose password is not empty, a script.
 */
export function makePdf({
  pages = 1,
  encrypted = false,
  totalBytes,
  script,
}: { pages?: number; encrypted?: boolean; totalBytes?: number; script?: PdfScript } = {}): Buffer {
  if (script) return build(pages, false, 0, script);
  if (totalBytes !== undefined) {
    // Padded with a comment after the header, so the cross-reference offsets stay right.
    // The offsets' own digits grow with the padding: measure, then correct once.
    const plain = build(pages, encrypted, 0).length;
    let pad = totalBytes - plain - 2;
    if (pad < 0) throw new Error(`A PDF of ${pages} page(s) needs at least ${plain + 2} bytes`);
    pad -= build(pages, encrypted, pad).length - totalBytes;
    const padded = build(pages, encrypted, pad);
    if (padded.length !== totalBytes) throw new Error(`Could not make a PDF of exactly ${totalBytes} bytes`);
    return padded;
  }
  return build(pages, encrypted, 0);
}

const ALERT = '(app.alert\\(1\\))';
const SCRIPT_CATALOGUE: Record<PdfScript, string> = {
  'open-action': ` /OpenAction << /S /JavaScript /JS ${ALERT} >>`,
  link: '',
  disguised: ` /OpenAction << /S /JavaScrip#74 /J#53 ${ALERT} >>`,
};

function build(pages: number, encrypted: boolean, padding: number, script?: PdfScript): Buffer {
  const objects: string[] = [];
  const pageIds = Array.from({ length: pages }, (_, i) => 4 + i * 2);
  objects[1] = `<< /Type /Catalog /Pages 2 0 R${script ? SCRIPT_CATALOGUE[script] : ''} >>`;
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pageIds.forEach((id, i) => {
    const text = `BT /F1 24 Tf 72 720 Td (Prospectus page ${i + 1}) Tj ET`;
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R${
        script === 'link' && i === 0
          ? ` /Annots [<< /Type /Annot /Subtype /Link /Rect [72 700 300 740] /A << /S /JavaScript /JS ${ALERT} >> >>]`
          : ''
      } >>`;
    objects[id + 1] = `<< /Length ${text.length} >>\nstream\n${text}\nendstream`;
  });
  const encryptId = objects.length;
  if (encrypted) {
    // The standard security handler (revision 2) with owner and user keys that no empty password opens.
    const key = 'ab'.repeat(32);
    objects[encryptId] = `<< /Filter /Standard /V 1 /R 2 /O <${key}> /U <${key}> /P -4 >>`;
  }
  let out = padding > 0 ? `%PDF-1.4\n%${'x'.repeat(padding)}\n` : '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  const extra = encrypted ? ` /Encrypt ${encryptId} 0 R /ID [<${'cd'.repeat(16)}> <${'cd'.repeat(16)}>]` : '';
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R${extra} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
