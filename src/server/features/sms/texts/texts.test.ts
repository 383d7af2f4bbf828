import { SegmentedMessage } from 'sms-segments-calculator';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../shared/languages.ts';
import { keywordOf, SMS_WORDS, type SmsTextKind } from '../sms-texts.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((match) => match[0]).sort();
const KINDS = Object.keys(SMS_WORDS.en).filter((kind) => kind !== 'replies') as SmsTextKind[];
/** A business name of 30 characters and a service of 21 (docs/languages.md). */
const filled = (text: string) =>
  text
    .replaceAll('{business}', 'Bella Beauty Salon and Day Spa')
    .replaceAll('{service}', "Women's Haircut/Style")
    .replaceAll('{name}', 'Maria')
    .replaceAll('{provider}', 'Maria')
    .replaceAll('{minutes}', '15')
    .replaceAll('{ahead}', '2');

describe('the texts in every language (docs/languages.md)', () => {
  it("fill the English text's placeholders, no more and no fewer, the business's name first", () => {
    for (const language of LANGUAGES) {
      for (const kind of KINDS) {
        const text = SMS_WORDS[language][kind];
        expect(placeholders(text), `${language} ${kind}`).toEqual(placeholders(SMS_WORDS.en[kind]));
        expect(text.startsWith('{business}'), `${language} ${kind}`).toBe(true);
      }
    }
  });

  it('name an opt-out word CheckN knows, in their own language', () => {
    const stopWord = { en: 'STOP', es: 'PARAR', vi: 'DUNG', 'zh-Hans': 'TD' } as const;
    for (const language of LANGUAGES) {
      expect(SMS_WORDS[language].join).toContain(stopWord[language]);
      expect(keywordOf(stopWord[language])).toEqual({
        kind: 'stop',
        language: language === 'en' ? null : language,
      });
    }
    expect(keywordOf(' parar. ')).toEqual({ kind: 'stop', language: 'es' });
    expect(keywordOf('退订')).toEqual({ kind: 'stop', language: 'zh-Hans' });
    expect(keywordOf('ayuda')).toEqual({ kind: 'help', language: 'es' });
    expect(keywordOf('para mañana')).toBeNull();
  });

  it('keep Spanish in GSM-7 and each text in one, as the English ones (the link-carrying ones aside)', () => {
    for (const language of ['en', 'es'] as const) {
      for (const kind of KINDS.filter((one) => one !== 'requestEnded' && one !== 'feedback')) {
        const message = new SegmentedMessage(filled(SMS_WORDS[language][kind]));
        expect(message.encodingName, `${language} ${kind}`).toBe('GSM-7');
        expect(message.segmentsCount, `${language} ${kind}`).toBe(1);
      }
    }
  });
});
