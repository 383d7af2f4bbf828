import { describe, expect, it } from 'vitest';
import { smsLength, withExamples } from './sms-length.ts';

describe('the length of a text as it is sent', () => {
  it('counts a plain text in GSM-7: 160 characters in one, 153 in each of several', () => {
    expect(smsLength('a'.repeat(160))).toEqual({
      texts: 1,
      unicode: false,
      characters: 160,
      perText: 160,
      outsideGsm: [],
    });
    expect(smsLength('a'.repeat(161))).toMatchObject({ texts: 2, unicode: false, perText: 153 });
  });

  it('counts braces and the euro sign twice (GSM-7 escapes), accented Latin letters of the GSM set once', () => {
    expect(smsLength('{'.repeat(80)).texts).toBe(1);
    expect(smsLength('{'.repeat(81)).texts).toBe(2);
    expect(smsLength('é'.repeat(160))).toMatchObject({ texts: 1, unicode: false });
  });

  it('sends the whole text as UCS-2 for one character outside GSM-7: 70 characters, 67 each when split', () => {
    const curly = `${'a'.repeat(69)}’`;
    expect(smsLength(curly)).toMatchObject({ texts: 1, unicode: true, perText: 70, outsideGsm: ['’'] });
    expect(smsLength(`${curly}a`)).toMatchObject({ texts: 2, unicode: true, perText: 67 });
  });

  it('names each character that made a Vietnamese or Chinese text UCS-2 once', () => {
    expect(smsLength('Đến lượt bạn').outsideGsm).toEqual(['Đ', 'ế', 'ư', 'ợ', 'ạ']);
    expect(smsLength('轮到你了，你好').outsideGsm).toEqual(['轮', '到', '你', '了', '，', '好']);
  });

  it('fills the placeholders the way the server does, so the length read is the one sent', () => {
    expect(
      withExamples("{business}: it's your turn, {name}! {service}", {
        business: 'Bella',
        service: 'Haircut',
        name: 'Maria',
      }),
    ).toBe("Bella: it's your turn, Maria! Haircut");
  });
});
