// ISO 20022 CAMT.053 (issue 29): versions .001.02 and .001.08 as banks send them (group header,
// balances, booked and pending entries, batch details, both party layouts), and the files
// refused: one that does not add up, a truncated one, a CAMT.052 (not a statement).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BankFileError } from '#main/services/bank/bank-file-error.ts';
import { parseBankText } from '#main/services/bank/parse-statement.ts';

const V02 = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>STMT20260301</MsgId><CreDtTm>2026-03-01T06:12:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>2026-02-001</Id>
      <ElctrncSeqNb>2</ElctrncSeqNb>
      <CreDtTm>2026-03-01T06:12:00</CreDtTm>
      <Acct><Id><IBAN>FR7630004000031234567890143</IBAN></Id><Ccy>EUR</Ccy>
        <Svcr><FinInstnId><BIC>BNPAFRPPXXX</BIC></FinInstnId></Svcr></Acct>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1500.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-31</Dt></Dt></Bal>
      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">2680.40</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-02-28</Dt></Dt></Bal>
      <Ntry>
        <NtryRef>1</NtryRef>
        <Amt Ccy="EUR">1200.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
        <BookgDt><Dt>2026-02-10</Dt></BookgDt><ValDt><Dt>2026-02-11</Dt></ValDt>
        <AcctSvcrRef>2026021000001</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>F2026-000031</EndToEndId></Refs>
          <RltdPties>
            <Dbtr><Nm>Boulangerie Martin &amp; Fils</Nm></Dbtr>
            <DbtrAcct><Id><IBAN>FR7610107001011234567890129</IBAN></Id></DbtrAcct>
            <Cdtr><Nm>ATELIERS DUVAL AGENCEMENT</Nm></Cdtr>
          </RltdPties>
          <RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>RF18539007547034</Ref></CdtrRefInf></Strd></RmtInf>
        </TxDtls></NtryDtls>
        <AddtlNtryInf>VIR SEPA RECU /DE BOULANGERIE MARTIN</AddtlNtryInf>
      </Ntry>
      <Ntry>
        <Amt Ccy="EUR">19.60</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts>
        <BookgDt><Dt>2026-02-28</Dt></BookgDt><ValDt><Dt>2026-02-28</Dt></ValDt>
        <AcctSvcrRef>2026022800007</AcctSvcrRef>
        <AddtlNtryInf>COMMISSION TENUE DE COMPTE</AddtlNtryInf>
      </Ntry>
      <Ntry>
        <Amt Ccy="EUR">500.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>PDNG</Sts>
        <BookgDt><Dt>2026-02-28</Dt></BookgDt>
        <AddtlNtryInf>REMISE CHEQUES EN COURS</AddtlNtryInf>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;

const V08 = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
<BkToCstmrStmt>
<GrpHdr><MsgId>X8</MsgId><CreDtTm>2026-03-01T06:00:00+01:00</CreDtTm></GrpHdr>
<Stmt>
<Id>S8</Id>
<Acct><Id><IBAN>FR7630004000031234567890143</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>PRCD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">100.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Dt><Dt>2026-02-28</Dt></Dt></Bal>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">2300.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Dt><Dt>2026-03-31</Dt></Dt></Bal>
<Ntry>
<Amt Ccy="EUR">2200.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
<BookgDt><DtTm>2026-03-05T10:15:00+01:00</DtTm></BookgDt><ValDt><Dt>2026-03-05</Dt></ValDt>
<AcctSvcrRef>B-0305-1</AcctSvcrRef>
<NtryDtls>
<Btch><NbOfTxs>2</NbOfTxs></Btch>
<TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
<RltdPties><Cdtr><Pty><Nm>FOURNITURES LEROY SAS</Nm></Pty></Cdtr><CdtrAcct><Id><IBAN>FR7630003000405678901234511</IBAN></Id></CdtrAcct></RltdPties>
<RmtInf><Ustrd>FA-2026-0412</Ustrd></RmtInf></TxDtls>
<TxDtls><Refs><EndToEndId>PAY-0305-2</EndToEndId></Refs>
<RmtInf><Ustrd>FA-2026-0413</Ustrd></RmtInf></TxDtls>
</NtryDtls>
<AddtlNtryInf>VIREMENTS SEPA EMIS</AddtlNtryInf>
</Ntry>
</Stmt>
</BkToCstmrStmt>
</Document>
`;

function refused(text: string): BankFileError {
  try {
    parseBankText(text);
  } catch (error) {
    assert.ok(error instanceof BankFileError, String(error));
    return error;
  }
  assert.fail('the file was accepted');
}

describe('CAMT.053', () => {
  test('.001.02: balances, booked entries only, parties, structured reference', () => {
    const { format, statements } = parseBankText(V02);
    assert.equal(format, 'camt053');
    const [s] = statements;
    assert.equal(s!.account, 'FR7630004000031234567890143');
    assert.deepEqual(s!.opening, { cents: 150000, day: '2026-01-31' });
    assert.deepEqual(s!.closing, { cents: 268040, day: '2026-02-28' });
    assert.equal(s!.lines.length, 2, 'the pending entry is not a movement yet');
    assert.deepEqual(s!.lines[0], {
      bankRef: '2026021000001',
      bookingDay: '2026-02-10',
      valueDay: '2026-02-11',
      cents: 120000,
      label: 'VIR SEPA RECU /DE BOULANGERIE MARTIN',
      remittance: 'RF18539007547034',
      counterpartyName: 'Boulangerie Martin & Fils',
      counterpartyIban: 'FR7610107001011234567890129',
      endToEndId: 'F2026-000031',
      sourceLine: 0,
    });
    assert.equal(s!.lines[1]!.cents, -1960);
  });

  test('.001.08: a debit balance, a batch entry with two transactions, the party under Pty', () => {
    const [s] = parseBankText(V08).statements;
    assert.equal(s!.opening!.cents, -10000);
    assert.equal(s!.closing!.cents, -230000);
    const [line] = s!.lines;
    assert.equal(line!.cents, -220000);
    assert.equal(line!.bookingDay, '2026-03-05');
    assert.equal(line!.counterpartyName, 'FOURNITURES LEROY SAS');
    assert.equal(line!.counterpartyIban, 'FR7630003000405678901234511');
    assert.equal(line!.remittance, 'FA-2026-0412 FA-2026-0413');
    assert.equal(line!.endToEndId, 'PAY-0305-2');
  });

  test("an entry's bank reference is its AcctSvcrRef, never its NtryRef (which restarts each statement)", () => {
    const [s] = parseBankText(
      V02.replace('<AcctSvcrRef>2026021000001</AcctSvcrRef>', ''),
    ).statements;
    assert.equal(s!.lines[0]!.bankRef, undefined);
    assert.equal(s!.lines[1]!.bankRef, '2026022800007');
  });

  test('refuses a statement that does not add up, naming it', () => {
    const error = refused(V02.replace('2680.40', '2680.41'));
    assert.match(error.reason, /statement 2026-02-001 does not add up/);
  });

  test('refuses a truncated file with the line where the XML breaks', () => {
    const error = refused(V02.slice(0, V02.indexOf('<AddtlNtryInf>COMMISSION')));
    assert.match(error.reason, /broken or truncated/);
    assert.ok(error.line && error.line > 1);
  });

  test('refuses an entry with no credit/debit indicator, and a CAMT.052 report', () => {
    assert.match(
      refused(V08.replace('<CdtDbtInd>DBIT</CdtDbtInd><Sts>', '<Sts>')).reason,
      /entry 1 \(B-0305-1\) has no credit\/debit/,
    );
    assert.match(
      refused(
        V02.replaceAll('camt.053', 'camt.052').replaceAll('BkToCstmrStmt', 'BkToCstmrAcctRpt'),
      ).reason,
      /unknown format/,
    );
  });
});
