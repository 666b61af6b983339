/**
 * Small PDFs made byte by byte for tests, with a correct cross-reference table, so each test states
 * exactly what it sends: a number of pages, or an encryption dictionary whose password is not empty.
 */
export function makePdf({
  pages = 1,
  encrypted = false,
  totalBytes,
}: { pages?: number; encrypted?: boolean; totalBytes?: number } = {}): Buffer {
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

function build(pages: number, encrypted: boolean, padding: number): Buffer {
  const objects: string[] = [];
  const pageIds = Array.from({ length: pages }, (_, i) => 4 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pageIds.forEach((id, i) => {
    const text = `BT /F1 24 Tf 72 720 Td (Prospectus page ${i + 1}) Tj ET`;
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`;
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
