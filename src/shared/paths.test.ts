import { describe, expect, it } from 'vitest';
import { pathFromTypedCode, paths } from './paths.ts';

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

  it('reads a pasted link on the home page as the page it names, and a code as a business', () => {
    expect(pathFromTypedCode(' demo ')).toBe('/demo');
    expect(pathFromTypedCode('https://checkn.example.com/demo')).toBe('/demo');
    expect(pathFromTypedCode('http://localhost:3000/demo/Facials/user-info')).toBe('/demo/Facials/user-info');
    expect(pathFromTypedCode('checkn.example.com/demo/checked-in?waitId=w1')).toBe(
      '/demo/checked-in?waitId=w1',
    );
    expect(pathFromTypedCode('/demo')).toBe('/demo');
    expect(pathFromTypedCode('demo/chat?id=h1')).toBe('/demo/chat?id=h1');
    expect(pathFromTypedCode('Bella Salon')).toBe('/Bella%20Salon');
    // A host without a dot, and a code with its query.
    expect(pathFromTypedCode('localhost:3000/demo')).toBe('/demo');
    expect(pathFromTypedCode('192.168.1.20:3000/demo/kiosk')).toBe('/demo/kiosk');
    expect(pathFromTypedCode('localhost/demo')).toBe('/demo');
    expect(pathFromTypedCode('demo?rwg_token=abc')).toBe('/demo?rwg_token=abc');
  });
});
