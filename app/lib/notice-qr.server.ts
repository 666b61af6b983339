import QRCode from 'qrcode';

/**
 * A QR code of a notice's permanent address, as an SVG made on the server (printed notices carry it so
 * that a copy can be checked against the site). Medium error correction survives a photocopy's smudges;
 * the quiet zone around it comes from the page's CSS.
 */
export function noticeQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
}
