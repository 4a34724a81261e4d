// ci: runs once (whatever TEST_DB says, this file's databases are its own: scripts/test.mjs)
import { describe, expect, it } from 'vitest';
import { CsvError, csvCell, csvLine, parseCsv, parseCsvRecords, sniffDelimiter } from './csv';

describe('parseCsv', () => {
  it('reads quoted fields, escaped quotes, CRLF, LF, a BOM and skips blank lines', () => {
    const text = '\uFEFFemail,name\r\n"a@x.io","Doe, ""J"""\n\nb@x.io,"multi\nline"\r\n';
    expect(parseCsv(text)).toEqual([
      ['email', 'name'],
      ['a@x.io', 'Doe, "J"'],
      ['b@x.io', 'multi\nline'],
    ]);
  });
  it('refuses an unterminated quote and a stray quote', () => {
    expect(() => parseCsv('a,"b\n')).toThrow(CsvError);
    expect(() => parseCsv('a,b"c\n')).toThrow(CsvError);
  });
  it('caps rows and field length', () => {
    expect(() => parseCsv('a\nb\nc\n', { maxRows: 2 })).toThrow(CsvError);
    expect(() => parseCsv(`${'x'.repeat(20)}\n`, { maxFieldLength: 10 })).toThrow(CsvError);
  });
});

describe('parseCsvRecords', () => {
  it('numbers each record by the line it starts on in an editor, through blank lines, CRLF, CR and multi-line cells', () => {
    const text = '\uFEFFa,b\r\n\r\n"x\r\ny",1\n,,\n  , \r"p\nq\nr",2\r\nlast,3';
    expect(parseCsvRecords(text)).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['x\r\ny', '1'] },
      { line: 7, cells: ['p\nq\nr', '2'] },
      { line: 10, cells: ['last', '3'] },
    ]);
  });
  it('reads the separator it is given, and sniffs it from the first record', () => {
    expect(parseCsvRecords('a;"b;c"\n1;2', { delimiter: ';' }).map((r) => r.cells)).toEqual([
      ['a', 'b;c'],
      ['1', '2'],
    ]);
    expect(sniffDelimiter('\uFEFFemail;firstName;"Last, name"\nx,y,z,w')).toBe(';');
    expect(sniffDelimiter('\n\nemail\tfirstName\tlastName\n')).toBe('\t');
    expect(sniffDelimiter('email,firstName;x,lastName')).toBe(',');
    expect(sniffDelimiter('email')).toBe(',');
  });
});

describe('csvCell', () => {
  it('neutralises formulas and quotes what needs quoting', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', 1, true])).toBe('a,1,true\r\n');
  });
  it('round-trips through the parser', () => {
    const cells = ['plain', 'with "quotes"', 'line\nbreak', 'comma,here'];
    expect(parseCsv(csvLine(cells))).toEqual([cells]);
  });
});

describe('csvCell in every locale’s spreadsheet', () => {
  it('quotes a cell holding the separator of any locale (comma, semicolon, tab)', () => {
    expect(csvCell('x;y')).toBe('"x;y"');
    expect(csvCell('x\ty')).toBe('"x\ty"');
    expect(csvCell('plain name')).toBe('plain name');
  });

  it('neutralises a formula that starts right after a separator, where a de/fr spreadsheet starts a new field', () => {
    expect(csvCell('x;=1+1')).toBe(`"x;'=1+1"`);
    expect(csvCell('x,+SUM(A1)')).toBe(`"x,'+SUM(A1)"`);
    expect(csvCell('x\t@A1')).toBe(`"x\t'@A1"`);
    expect(csvCell('a; -b')).toBe('"a; -b"');
    // Read back with the comma separator, the cell is exactly one field.
    expect(parseCsv(csvLine(['x;=1+1', 'z']))).toEqual([["x;'=1+1", 'z']]);
  });
});
