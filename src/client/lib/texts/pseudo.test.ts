import { describe, expect, it } from 'vitest';
import englishConsole from './en/console.ts';
import englishCustomer from './en/customer.ts';
import englishLanding from './en/landing.ts';
import { pseudoText, pseudoWords } from './pseudo.ts';

/** Every string of a catalog, with each function called with sample arguments. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

describe('the pseudo-locale (docs/languages.md)', () => {
  it('wraps each word in marks and accents its letters', () => {
    expect(pseudoText('Join the line')).toBe('⟦Ĵóíñ ţĥé ļíñé⟧');
    const words = pseudoWords(englishLanding);
    expect(words.landing.heading).toBe('⟦Ŵáļķ íñš⟧');
    expect(words.loading).toBe('⟦Ļóáðíñĝ…⟧');
  });

  it("wraps what a function returns, keeping its arguments' values as they were given", () => {
    const words = pseudoWords(englishCustomer);
    expect(words.confirm.title('Ana Ruiz')).toBe('⟦Ĥí Ana Ruiz⟧');
    expect(words.live.position(3)).toBe("⟦Ýóú'ŕé ñúɱƀéŕ 3 íñ ļíñé⟧");
    expect(words.live.cameIn.appointments(['9:30 AM', '10:00 AM'])).toBe(
      '⟦Åþþóíñţɱéñţš ƒóŕ 9:30 AM áñð 10:00 AM çĥéçķéð íñ⟧',
    );
    expect(words.live.estimate({ low: 25, high: 40 })).toBe('⟦Åƀóúţ 25–40 ɱíñ ŵáíţ⟧');
  });

  it('keeps the placeholders a business types into its texts', () => {
    const words = pseudoWords(englishConsole);
    expect(words.settings.smsTextsHint).toContain('{business}, {service} áñð {name}');
  });

  it('leaves no string of the English catalogs outside the marks, and every list and section in place', () => {
    for (const catalog of [englishLanding, englishCustomer, englishConsole]) {
      const pseudo = stringsOf(pseudoWords(catalog));
      expect(pseudo).toHaveLength(stringsOf(catalog).length);
      for (const text of pseudo) expect(text).toMatch(/^⟦.*⟧$/s);
    }
  });
});
