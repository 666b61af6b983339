import QRCode from 'qrcode';

/**
 * A QR code of a notice's permanent address, as an SVG made on the server (printed notices carry it so
 * that a copy can be checked against the site). Medium error correction survives a photocopy's smudges;
 * the quiet zone around it comes from the page's CSS.
 *
 * `quick` draws it with one fixed mask instead of trying all eight for the one a scanner likes best: any mask
 * is a valid code (each of the eight, drawn from an application's status address, read back in zbarimg), and
 * trying them is two thirds of the work: a millisecond of the server's one thread for each confirmation
 * on the deadline evening. The notices keep the best mask; they are printed and photocopied.
 */
export function noticeQrSvg(url: string, { quick = false } = {}): Promise<string> {
  return QRCode.toString(url, {
    type: 'svg',
    margin: 0,
    errorCorrectionLevel: 'M',
    ...(quick ? { maskPattern: 0 as const } : {}),
  });
}
