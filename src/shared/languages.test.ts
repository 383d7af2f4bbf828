import { describe, expect, it } from 'vitest';
import { chooseLanguage, consoleLanguageOf, languageOfAcceptLanguage, languageOfTag } from './languages.ts';

describe('the language a page is in (docs/languages.md)', () => {
  it('reads a language from its tag, regions and scripts included', () => {
    expect(languageOfTag('es-MX')).toBe('es');
    expect(languageOfTag('ES_us')).toBe('es');
    expect(languageOfTag('vi-VN')).toBe('vi');
    expect(languageOfTag('en')).toBe('en');
    expect(languageOfTag('zh')).toBe('zh-Hans');
    expect(languageOfTag('zh-CN')).toBe('zh-Hans');
    expect(languageOfTag('zh-Hans-SG')).toBe('zh-Hans');
    // Traditional Chinese is another script: not offered as Simplified.
    expect(languageOfTag('zh-TW')).toBeNull();
    expect(languageOfTag('zh-Hant')).toBeNull();
    expect(languageOfTag('zh-HK')).toBeNull();
    expect(languageOfTag('fr-CA')).toBeNull();
    expect(languageOfTag('')).toBeNull();
  });

  it("takes Accept-Language's first language it speaks, by weight, skipping q=0", () => {
    expect(languageOfAcceptLanguage('fr-CA,fr;q=0.9,es;q=0.8,en;q=0.7')).toBe('es');
    expect(languageOfAcceptLanguage('en;q=0.5, vi')).toBe('vi');
    expect(languageOfAcceptLanguage('es;q=0, en;q=0.1')).toBe('en');
    expect(languageOfAcceptLanguage('zh-TW, zh-CN;q=0.8')).toBe('zh-Hans');
    expect(languageOfAcceptLanguage('*')).toBeNull();
    expect(languageOfAcceptLanguage('de')).toBeNull();
    expect(languageOfAcceptLanguage('')).toBeNull();
    expect(languageOfAcceptLanguage(undefined)).toBeNull();
    expect(languageOfAcceptLanguage(';;;,,,q=1')).toBeNull();
  });

  it("prefers the reader's stored choice, then the browser's, then the business's, then English", () => {
    expect(chooseLanguage({ stored: 'vi', acceptLanguage: 'es', businessDefault: 'zh-Hans' })).toBe('vi');
    expect(chooseLanguage({ stored: null, acceptLanguage: 'es', businessDefault: 'zh-Hans' })).toBe('es');
    expect(chooseLanguage({ stored: 'klingon', acceptLanguage: 'de', businessDefault: 'zh-Hans' })).toBe(
      'zh-Hans',
    );
    expect(chooseLanguage({ stored: undefined, acceptLanguage: undefined })).toBe('en');
  });

  it('reads the console in English where it does not speak the language', () => {
    expect(consoleLanguageOf('es')).toBe('es');
    expect(consoleLanguageOf('vi')).toBe('en');
    expect(consoleLanguageOf('zh-Hans')).toBe('en');
  });
});
