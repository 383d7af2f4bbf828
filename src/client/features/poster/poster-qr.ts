import QRCode from 'qrcode';

/**
 * The walk-in page the poster points to: this console's own address, as Settings shows it. The
 * server's PUBLIC_URL does not reach the client (docs/door.md); a console opened at the public
 * address, as staff normally do, gives the same link.
 */
export function walkInUrl(origin: string, companyId: string): string {
  return `${origin.replace(/\/$/, '')}/${encodeURIComponent(companyId)}`;
}

/**
 * The QR code as SVG markup. Error correction M survives a smudge or a fold of a printed sheet
 * and keeps a short link at a low version (large modules); the 4-module quiet zone is the
 * standard's minimum for phones to find the code.
 */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 4,
    color: { dark: '#000000', light: '#ffffff' },
  });
}
