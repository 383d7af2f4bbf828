import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineBootScript } from './boot-script.ts';

describe('boot.ts written into the page', () => {
  it('is the code as built, its source map found from any page, with the hash of exactly that text', () => {
    const boot = inlineBootScript('let a=1;\n//# sourceMappingURL=boot-X1.js.map\n', 'assets/boot-X1.js');
    const text = 'let a=1;\n//# sourceMappingURL=/assets/boot-X1.js.map';
    expect(boot).toEqual({
      element: `<script type="module">${text}</script>`,
      cspSource: `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
    });
  });

  it('is not written in when its code would end the element or change how the page is read', () => {
    expect(inlineBootScript('let a="</script><script>alert(1)";', 'assets/boot-X1.js')).toBeNull();
    expect(inlineBootScript('let a="</SCRIPT >";', 'assets/boot-X1.js')).toBeNull();
    expect(inlineBootScript('let a="<!--<script>";', 'assets/boot-X1.js')).toBeNull();
  });
});
