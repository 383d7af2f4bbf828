import { describe, expect, it } from 'vitest';
import { qrSvg, walkInUrl } from './poster-qr.ts';

describe('poster QR', () => {
  it("builds the business's walk-in address from the public URL", () => {
    expect(walkInUrl('https://wait.example.com', 'demo')).toBe('https://wait.example.com/demo');
    expect(walkInUrl('https://wait.example.com/', 'bella salon')).toBe(
      'https://wait.example.com/bella%20salon',
    );
  });

  it('draws an SVG with the code as a path, different for different links', async () => {
    const first = await qrSvg('https://wait.example.com/demo');
    const second = await qrSvg('https://wait.example.com/other');
    expect(first).toMatch(/^<svg[^>]*viewBox="0 0 (\d+) \1"/);
    expect(first).toMatch(/<path[^>]* d="M[^"]+"/);
    expect(first).not.toBe(second);
  });
});
