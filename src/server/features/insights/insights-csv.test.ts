import { describe, expect, it } from 'vitest';
import { csvCell, csvLines } from './insights-csv.ts';

describe('csvCell', () => {
  it('leaves plain text and numbers as they are, and null empty', () => {
    expect(csvCell('Haircut')).toBe('Haircut');
    expect(csvCell(12)).toBe('12');
    expect(csvCell('2026-03-07 10:00')).toBe('2026-03-07 10:00');
    expect(csvCell(null)).toBe('');
  });

  it('quotes a cell with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('Smith, Ann')).toBe('"Smith, Ann"');
    expect(csvCell('Ann "Red" Smith')).toBe('"Ann ""Red"" Smith"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('turns a cell a spreadsheet would run as a formula into text', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`)).toMatch(/^"?'/);
    }
    expect(csvCell('=HYPERLINK("http://x.test","y")')).toBe('"\'=HYPERLINK(""http://x.test"",""y"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('\u0000=1+1')).toBe("'\u0000=1+1");
    // Only the first character counts: a name with a hyphen inside stays as typed.
    expect(csvCell('Mary-Jane')).toBe('Mary-Jane');
  });

  it('turns into text a formula after a semicolon or a line break, where a spreadsheet may start a cell', () => {
    // Excel splits on ';' where the decimal mark is a comma (Germany, France): the cell after it
    // begins at the formula, whatever quotes we put around the whole. The same for a line break,
    // which ends a row there.
    expect(csvCell("Ann;=cmd|' /C calc'!A0")).toBe("Ann;'=cmd|' /C calc'!A0");
    expect(csvCell('Ann; +1+1')).toBe("Ann; '+1+1");
    expect(csvCell('Ann;"@SUM(A1)')).toBe('"Ann;""\'@SUM(A1)"');
    expect(csvCell('Ann\n-1+1')).toBe('"Ann\n\'-1+1"');
    expect(csvCell('Ann\t=1')).toBe("Ann\t'=1");
    // Text after a semicolon stays as typed.
    expect(csvCell('Cut; wash')).toBe('Cut; wash');
  });
});

describe('csvLines', () => {
  it('joins cells with commas and ends every line with CRLF', () => {
    expect(
      csvLines([
        ['Arrived', 'Name'],
        ['2026-03-07 10:00', 'Smith, Ann'],
      ]),
    ).toBe('Arrived,Name\r\n2026-03-07 10:00,"Smith, Ann"\r\n');
  });
});
