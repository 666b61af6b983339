import QRCode from 'qrcode';

/**
 * A QR code of a notice's permanent address, as an SVG made on the server (printed notices carry it so
 * that a copy can be checked against the site). Medium error correction survives a photocopy's smudges;
 * the quiet zone around it comes from the page's CSS.
 *
 * `quick` is for a code drawn for each confirmation on the deadline evening, on the server's one thread:
 * - one fixed mask instead of trying all eight for the one a scanner likes best: any mask is a valid code (each of
 *   the eight, drawn from an application's status address, read back in zbarimg), and trying them is two thirds of
 *   the work;
 * - the address as one segment of bytes, instead of the shortest mix of byte and letter-and-digit segments, which the
 *   library finds by a shortest-path search over every way to split the text: 0.2 ms and about 0.5 MB of garbage
 *   a code, against 0.04 ms. A status address's code stays the same size (version 5) either way.
 * The notices keep both; they are printed and photocopied.
 */
export function noticeQrSvg(url: string, { quick = false } = {}): Promise<string> {
  return QRCode.toString(quick ? [{ data: Buffer.from(url), mode: 'byte' }] : url, {
    type: 'svg',
    margin: 0,
    errorCorrectionLevel: 'M',
    ...(quick ? { maskPattern: 0 as const } : {}),
  });
}
