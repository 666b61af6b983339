import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './application-csv.ts';

describe('a CSV cell', () => {
  it('neutralises every start a spreadsheet reads as a formula, the full-width forms too', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠']) {
      const cell = csvCell(`${start}SUM(A1:A9)`);
      expect(cell.replace(/^"/u, '').startsWith(`'${start}`), JSON.stringify(start)).toBe(true);
    }
  });

  it('leaves ordinary text, Devanagari and numbers as they are', () => {
    expect(csvCell('SITA SHARMA')).toBe('SITA SHARMA');
    expect(csvCell('सीता शर्मा')).toBe('सीता शर्मा');
    expect(csvCell(2.85)).toBe('2.85');
    expect(csvCell('9841000000')).toBe('9841000000');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('quotes a cell with a quote, a comma or a line break, doubling its quotes (RFC 4180)', () => {
    expect(csvCell('Shree "Janata" School')).toBe('"Shree ""Janata"" School"');
    expect(csvCell('Bharatpur, Chitwan')).toBe('"Bharatpur, Chitwan"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('\rx')).toBe(`"'\rx"`);
  });

  it('ends each line with CRLF', () => {
    expect(csvLine(['a', 'b,c', '=1'])).toBe(`a,"b,c",'=1\r\n`);
  });
});
