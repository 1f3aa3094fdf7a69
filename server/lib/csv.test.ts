import { describe, expect, it } from 'vitest';
import { csvCell } from './csv';

describe('csvCell', () => {
  it('defuses formulas from feeds and forms, and quotes the separator it is given', () => {
    expect(csvCell('=HYPERLINK("http://x")', ',')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('@SUM(A1)', ',')).toBe("'@SUM(A1)");
    expect(csvCell('a,b', ',')).toBe('"a,b"');
    expect(csvCell('a;b', ',')).toBe('a;b');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('+79991234567')).toBe('"=""+79991234567"""');
  });
});
