import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';

describe('paths', () => {
  it('keeps a service name with slash and apostrophe in one encoded segment', () => {
    const href = paths.userInfo.getHref('demo', "Women's Haircut/Style");
    expect(href).toBe("/demo/Women's%20Haircut%2FStyle/user-info");
    expect(decodeURIComponent(href.split('/')[2]!)).toBe("Women's Haircut/Style");
  });

  it('builds the checked-in and chat links with their query params', () => {
    expect(paths.checkedIn.getHref('demo', 'abc')).toBe('/demo/checked-in?waitId=abc');
    expect(paths.chat.getHref('demo', 'h1')).toBe('/demo/chat?id=h1');
  });
});
