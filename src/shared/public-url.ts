/**
 * Whether a customer's phone cannot open this address: it names the machine the server runs on
 * (localhost, a loopback address), as PUBLIC_URL does when it is not set (`http://localhost:$PORT`,
 * src/server/config.ts). A LAN address (192.168.…) is not one: a phone on the same Wi-Fi opens it.
 */
export function isLocalAddress(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    host === '0.0.0.0' ||
    /^127(\.\d{1,3}){3}$/.test(host)
  );
}
