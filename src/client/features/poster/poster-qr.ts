import QRCode from 'qrcode';

/**
 * The walk-in page the poster points to, as Settings shows it: at the server's PUBLIC_URL
 * (StaffMe.publicUrl), not at the address this console happens to be open at (docs/door.md).
 */
export function walkInUrl(publicUrl: string, companyId: string): string {
  return `${publicUrl.replace(/\/$/, '')}/${encodeURIComponent(companyId)}`;
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
