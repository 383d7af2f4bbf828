import { SegmentedMessage } from 'sms-segments-calculator';

/** How long a text is as a phone network carries it (Twilio's own calculator). */
export interface SmsLength {
  /** Texts (segments) it is sent as; each is billed. */
  texts: number;
  /** True when a character is outside the GSM-7 alphabet: the whole text goes as UCS-2. */
  unicode: boolean;
  characters: number;
  /** What one text holds: 160 / 70, or 153 / 67 each when split. */
  perText: number;
  /** The characters that made it UCS-2 (a curly quote, a Vietnamese or Chinese letter…), once each. */
  outsideGsm: string[];
}

export function smsLength(text: string): SmsLength {
  const message = new SegmentedMessage(text);
  const unicode = message.encodingName === 'UCS-2';
  const texts = Math.max(message.segmentsCount, 1);
  return {
    texts,
    unicode,
    characters: message.numberOfCharacters,
    perText: unicode ? (texts > 1 ? 67 : 70) : texts > 1 ? 153 : 160,
    outsideGsm: [...new Set(message.getNonGsmCharacters())],
  };
}

/** Example values for a custom text's placeholders: the length an owner reads is the one sent. */
export function withExamples(
  text: string,
  examples: { business: string; service: string; name: string },
): string {
  return text
    .replaceAll('{business}', examples.business)
    .replaceAll('{service}', examples.service)
    .replaceAll('{name}', examples.name);
}
