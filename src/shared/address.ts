/**
 * A company location is stored as "address|city|state|zip" (spec §3) and shown
 * lowercased and capitalised, with the state uppercased: "12 Main St, Austin, TX 78701".
 */
export const LOCATION_SEPARATOR = '|';

export interface CompanyAddress {
  street: string;
  city: string;
  state: string;
  zip: string;
}

function capitalizeWords(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(
      /(^|[\s\-/.'])(\p{L})/gu,
      (_match, separator: string, letter: string) => separator + letter.toUpperCase(),
    );
}

export function parseLocation(pipeString: string | null | undefined): CompanyAddress | null {
  if (!pipeString?.trim()) return null;
  const [street = '', city = '', state = '', zip = ''] = pipeString.split('|');
  return {
    street: capitalizeWords(street),
    city: capitalizeWords(city),
    state: state.trim().toUpperCase(),
    zip: zip.trim(),
  };
}

/** One display line; empty parts are left out rather than leaving stray commas. */
export function formatLocation(pipeString: string | null | undefined): string {
  const address = parseLocation(pipeString);
  if (!address) return '';
  const stateZip = [address.state, address.zip].filter(Boolean).join(' ');
  return [address.street, address.city, stateZip].filter(Boolean).join(', ');
}

/** The stored form; the settings schema refuses a part holding the separator (it would shift the rest). */
export function toPipeLocation(address: CompanyAddress): string {
  const parts = [address.street, address.city, address.state, address.zip].map((part) => part.trim());
  if (parts.some((part) => part.includes(LOCATION_SEPARATOR)))
    throw new Error('A location part cannot contain the separator');
  return parts.join(LOCATION_SEPARATOR);
}

/** The four parts as the owner typed them, for editing (no casing applied). */
export function splitLocation(pipeString: string | null | undefined): CompanyAddress {
  const [street = '', city = '', state = '', zip = ''] = (pipeString ?? '')
    .split('|')
    .map((part) => part.trim());
  return { street, city, state, zip };
}
