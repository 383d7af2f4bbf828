/**
 * The pseudo-locale's words (docs/languages.md, "The pseudo-locale"): a catalog made from the
 * English one as it loads, every word wrapped in ⟦ ⟧ and its letters accented ("Join the line" →
 * "⟦Ĵóíñ ţĥé ļíñé⟧"). A browser test in it fails on any text outside the marks: a word no catalog
 * gave. Loaded only by `import()` (lib/pseudo-locale.ts), so no real page ever downloads it.
 */

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = [...'áƀçðéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýžÅƁÇÐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ'];
const ACCENT = new Map([...PLAIN].map((letter, index) => [letter, ACCENTED[index] as string]));

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

function accent(text: string): string {
  return [...text].map((character) => ACCENT.get(character) ?? character).join('');
}

/** Every string an argument carries (a name, a list of names, an object's fields). */
function stringsIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value !== '') found.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) stringsIn(item, found);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) stringsIn(item, found);
  }
  return found;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` accented and wrapped, but for what must stay as it is: the values the words were given
 * (a customer's name, a service) and the `{name}` placeholders a business types into its texts.
 */
export function pseudoText(text: string, kept: readonly string[] = []): string {
  if (text === '') return text;
  const keep = new RegExp(
    [...[...new Set(kept)].sort((a, b) => b.length - a.length).map(escapeRegExp), '\\{\\w+\\}'].join('|'),
    'g',
  );
  let result = '';
  let from = 0;
  for (const match of text.matchAll(keep)) {
    if (match[0] === '') continue;
    result += accent(text.slice(from, match.index)) + match[0];
    from = match.index + match[0].length;
  }
  return `${PSEUDO_OPEN}${result}${accent(text.slice(from))}${PSEUDO_CLOSE}`;
}

/** A catalog in the pseudo-locale: its strings, and what its functions return, wrapped and accented. */
export function pseudoWords<T>(words: T): T {
  return pseudoValue(words) as T;
}

function pseudoValue(value: unknown): unknown {
  if (typeof value === 'string') return pseudoText(value);
  if (typeof value === 'function') {
    return (...args: unknown[]) => {
      const result: unknown = value(...args);
      return typeof result === 'string' ? pseudoText(result, stringsIn(args)) : pseudoValue(result);
    };
  }
  if (Array.isArray(value)) return value.map(pseudoValue);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, pseudoValue(item)]));
  }
  return value;
}
