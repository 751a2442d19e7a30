import { describe, expect, it } from 'vitest';
import { csvDocument, escapeCsvText } from './csv.ts';

describe('CSV cells', () => {
  it('quotes separators and defuses formulas in text cells', () => {
    expect(escapeCsvText('plain')).toBe('plain');
    expect(escapeCsvText('a,b')).toBe('"a,b"');
    expect(escapeCsvText('say "hi"')).toBe('"say ""hi"""');
    expect(escapeCsvText('two\nlines')).toBe('"two\nlines"');
    expect(escapeCsvText('=1+1')).toBe("'=1+1");
    expect(escapeCsvText('+1')).toBe("'+1");
    expect(escapeCsvText('-1')).toBe("'-1");
    expect(escapeCsvText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeCsvText('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"');
  });
});

describe('CSV documents', () => {
  it('starts with a byte-order mark and ends every line with CRLF', () => {
    expect(csvDocument(['a,b', '1,2'])).toBe('\uFEFFa,b\r\n1,2\r\n');
  });
});
