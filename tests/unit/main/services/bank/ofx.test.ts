// OFX (issue 29): a French bank's 1.x SGML file in Windows-1252 and a 2.x XML file, the account
// read from its RIB, and the files refused (truncated, an amount missing, not OFX).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BankFileError } from '#main/services/bank/bank-file-error.ts';
import { parseBankBytes, parseBankText } from '#main/services/bank/parse-statement.ts';

const SGML = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1>
<SONRS>
<STATUS>
<CODE>0
<SEVERITY>INFO
</STATUS>
<DTSERVER>20260301080000
<LANGUAGE>FRA
</SONRS>
</SIGNONMSGSRSV1>
<BANKMSGSRSV1>
<STMTTRNRS>
<TRNUID>20260301080000
<STATUS>
<CODE>0
<SEVERITY>INFO
</STATUS>
<STMTRS>
<CURDEF>EUR
<BANKACCTFROM>
<BANKID>20041
<BRANCHID>01005
<ACCTID>0500013M026
<ACCTTYPE>CHECKING
<ACCTKEY>06
</BANKACCTFROM>
<BANKTRANLIST>
<DTSTART>20260201
<DTEND>20260228
<STMTTRN>
<TRNTYPE>CREDIT
<DTPOSTED>20260210
<DTUSER>20260210
<TRNAMT>1234,56
<FITID>6TQ2XA7E1
<NAME>VIR SEPA CAFÉ DES ARTS
<MEMO>FACTURE F2026-000044 & AVOIR
</STMTTRN>
<STMTTRN>
<TRNTYPE>DEBIT
<DTPOSTED>20260215
<TRNAMT>-58.20
<FITID>6TQ2XA7E2
<NAME>PRLV SEPA EDF
</STMTTRN>
</BANKTRANLIST>
<LEDGERBAL>
<BALAMT>3176.36
<DTASOF>20260228
</LEDGERBAL>
</STMTRS>
</STMTTRNRS>
</BANKMSGSRSV1>
</OFX>
`;

const XML2 = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX>
  <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><DTSERVER>20260301080000.000[+1:CET]</DTSERVER><LANGUAGE>FRA</LANGUAGE></SONRS></SIGNONMSGSRSV1>
  <BANKMSGSRSV1>
    <STMTTRNRS>
      <TRNUID>1</TRNUID>
      <STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
      <STMTRS>
        <CURDEF>EUR</CURDEF>
        <BANKACCTFROM><BANKID>30004</BANKID><BRANCHID>00003</BRANCHID><ACCTID>FR7630004000031234567890143</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
        <BANKTRANLIST>
          <DTSTART>20260301000000.000[+1:CET]</DTSTART><DTEND>20260331235959.000[+1:CET]</DTEND>
          <STMTTRN>
            <TRNTYPE>XFER</TRNTYPE><DTPOSTED>20260305120000.000[+1:CET]</DTPOSTED>
            <TRNAMT>-2200.00</TRNAMT><FITID>B-0305-1</FITID>
            <NAME>FOURNITURES LEROY SAS</NAME><MEMO>FA-2026-0412 FA-2026-0413</MEMO>
          </STMTTRN>
        </BANKTRANLIST>
        <LEDGERBAL><BALAMT>-2300.00</BALAMT><DTASOF>20260331</DTASOF></LEDGERBAL>
      </STMTRS>
    </STMTTRNRS>
  </BANKMSGSRSV1>
</OFX>
`;

/** The text in Windows-1252 bytes, as a French bank sends a 1.x file. */
function windows1252(text: string): Uint8Array {
  return Uint8Array.from([...text].map((c) => (c === '€' ? 0x80 : c.charCodeAt(0))));
}

function refused(text: string): BankFileError {
  try {
    parseBankText(text);
  } catch (error) {
    assert.ok(error instanceof BankFileError, String(error));
    return error;
  }
  assert.fail('the file was accepted');
}

describe('OFX', () => {
  test('1.x SGML in Windows-1252: the RIB as IBAN, French decimal comma, accents kept', () => {
    const { format, statements } = parseBankBytes(windows1252(SGML));
    assert.equal(format, 'ofx');
    const [s] = statements;
    assert.equal(s!.account, 'FR1420041010050500013M02606');
    assert.equal(s!.opening, undefined, 'OFX states no opening balance');
    assert.deepEqual(s!.closing, { cents: 317636, day: '2026-02-28' });
    assert.deepEqual(s!.lines[0], {
      bankRef: '6TQ2XA7E1',
      bookingDay: '2026-02-10',
      valueDay: '2026-02-10',
      cents: 123456,
      label: 'VIR SEPA CAFÉ DES ARTS',
      remittance: 'FACTURE F2026-000044 & AVOIR',
      counterpartyName: 'VIR SEPA CAFÉ DES ARTS',
      sourceLine: 41,
    });
    assert.equal(s!.lines[1]!.cents, -5820);
  });

  test('2.x XML: an IBAN as ACCTID, date-times with their zone', () => {
    const [s] = parseBankText(XML2).statements;
    assert.equal(s!.account, 'FR7630004000031234567890143');
    assert.equal(s!.lines[0]!.bookingDay, '2026-03-05');
    assert.equal(s!.lines[0]!.cents, -220000);
    assert.equal(s!.lines[0]!.remittance, 'FA-2026-0412 FA-2026-0413');
    assert.equal(s!.closing!.cents, -230000);
  });

  test('refuses a truncated file, a transaction without amount or out of the list, a CSV', () => {
    assert.match(
      refused(SGML.slice(0, SGML.indexOf('</BANKTRANLIST>'))).reason,
      /broken or truncated/,
    );
    assert.match(refused(XML2.slice(0, XML2.indexOf('</STMTTRN>'))).reason, /broken or truncated/);
    const noAmount = refused(SGML.replace('<TRNAMT>-58.20\n', ''));
    assert.equal(noAmount.line, 50);
    assert.match(noAmount.reason, /without its amount/);
    assert.match(
      refused(SGML.replace('<DTPOSTED>20260215', '<DTPOSTED>20260315')).reason,
      /outside the statement/,
    );
    const csv = refused('Date;Libellé;Montant\n10/02/2026;VIR;12,00\n');
    assert.equal(csv.line, 1);
    assert.match(csv.reason, /unknown format/);
  });
});
