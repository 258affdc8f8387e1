// The data rows' XML the export worker writes itself: cell references, escaping, and the row
// exceljs would write (an empty row not at all). The same bytes as exceljs's own writer are
// checked end to end in tests/integration/main/services/export/workbook-writer.test.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { columnLetters, excelSerial, rowXml, xmlText } from '#main/services/export/sheet-xml.ts';

const LETTERS = [1, 2, 3, 4].map(columnLetters);

describe('sheet XML', () => {
  it('names columns as Excel does', () => {
    assert.deepEqual([1, 2, 26, 27, 28, 52, 53, 702, 703, 16384].map(columnLetters), [
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
      'XFD',
    ]);
  });

  it('escapes the five XML characters and drops control characters, keeping tabs and newlines', () => {
    assert.equal(xmlText('plain'), 'plain');
    assert.equal(xmlText(`a<b>&"c'`), 'a&lt;b&gt;&amp;&quot;c&apos;');
    assert.equal(xmlText('a\u0001b\u000bc\u007fd\te\nf\rg'), 'abcd\te\nf\rg');
    // The same text twice: a global regular expression must not keep its place between calls.
    assert.equal(xmlText('x&y'), 'x&amp;y');
    assert.equal(xmlText('x&y'), 'x&amp;y');
  });

  it('writes dates as Excel serial numbers', () => {
    assert.equal(excelSerial(new Date(Date.UTC(2026, 2, 31))), 46112);
    assert.equal(excelSerial(new Date(Date.UTC(2026, 2, 31, 12))), 46112.5);
  });

  it('writes each kind of value with its style, and empty styled cells as empty elements', () => {
    const xml = rowXml(
      7,
      [
        { value: 'F-1 & co', styleId: 1 },
        { value: -12.5, styleId: 2 },
        { value: new Date(Date.UTC(2026, 2, 31)), styleId: 3 },
        { value: null, styleId: 4 },
      ],
      LETTERS,
    );
    assert.equal(
      xml,
      '<row r="7" spans="1:4" x14ac:dyDescent="0.25">' +
        '<c r="A7" s="1" t="str"><v>F-1 &amp; co</v></c>' +
        '<c r="B7" s="2"><v>-12.5</v></c>' +
        '<c r="C7" s="3"><v>46112</v></c>' +
        '<c r="D7" s="4"/>' +
        '</row>',
    );
  });

  it('leaves out the style of style 0, an empty cell without style, and a row without values', () => {
    assert.equal(
      rowXml(
        2,
        [
          { value: true, styleId: 0 },
          { value: null, styleId: 0 },
        ],
        LETTERS,
      ),
      '<row r="2" spans="1:2" x14ac:dyDescent="0.25"><c r="A2" t="b"><v>1</v></c></row>',
    );
    assert.equal(
      rowXml(
        3,
        [
          { value: null, styleId: 1 },
          { value: null, styleId: 2 },
        ],
        LETTERS,
      ),
      '',
    );
  });
});
