// Statements written in the three formats, as banks write them: the demo statements
// (demo-statements.ts) and the tests use them. Each writer is the parsers' mirror; only the
// fields the parsers read, plus what a bank always puts (ids, creation time).
import type { Statement, StatementLine } from '#shared/bank.ts';
import { centsToDecimal } from './amounts.ts';

// ---- CFONB 120 ----

const POSITIVE = '{ABCDEFGHI';
const NEGATIVE = '}JKLMNOPQR';

function overpunch(cents: number): string {
  const digits = String(Math.abs(cents)).padStart(14, '0');
  const last = Number(digits[13]);
  return digits.slice(0, 13) + (cents < 0 ? NEGATIVE[last] : POSITIVE[last]);
}

const jjmmaa = (day: string): string => `${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(2, 4)}`;

/** Fields by 1-based start position, into a 120-character record. */
function record(fields: readonly (readonly [number, string])[]): string {
  const chars = Array<string>(120).fill(' ');
  for (const [from, value] of fields) {
    for (let i = 0; i < value.length && from - 1 + i < 120; i++) chars[from - 1 + i] = value[i]!;
  }
  return chars.join('');
}

/** Plain ASCII upper case, as CFONB records carry it. */
function cfonbText(value: string, width: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, ' ')
    .toUpperCase()
    .slice(0, width)
    .padEnd(width, ' ');
}

/** The RIB parts of a French IBAN (FRkk BBBBB GGGGG CCCCCCCCCCC RR). */
function ribOf(iban: string): { bank: string; branch: string; account: string } {
  return { bank: iban.slice(4, 9), branch: iban.slice(9, 14), account: iban.slice(14, 25) };
}

export function writeCfonb120(statement: Statement): string {
  const { bank, branch, account } = ribOf(statement.account);
  const head = (code: string, op: string): (readonly [number, string])[] => [
    [1, code],
    [3, bank],
    [8, op],
    [12, branch],
    [17, statement.currency],
    [20, '2'],
    [22, account],
  ];
  const out: string[] = [];
  out.push(
    record([
      ...head('01', '    '),
      [35, jjmmaa(statement.opening!.day!)],
      [91, overpunch(statement.opening!.cents)],
    ]),
  );
  statement.lines.forEach((line, i) => {
    const entry = String(i + 1).padStart(7, '0');
    out.push(
      record([
        ...head('04', line.cents >= 0 ? '0005' : '0001'),
        [33, line.cents >= 0 ? '05' : '01'],
        [35, jjmmaa(line.bookingDay)],
        [43, jjmmaa(line.valueDay ?? line.bookingDay)],
        [49, cfonbText(line.label, 31)],
        [82, entry],
        [91, overpunch(line.cents)],
        [105, cfonbText(line.bankRef ?? '', 16)],
      ]),
    );
    const complement = (qualifier: string, value: string): void => {
      for (let at = 0; at < value.length; at += 70) {
        out.push(
          record([
            ...head('05', line.cents >= 0 ? '0005' : '0001'),
            [33, line.cents >= 0 ? '05' : '01'],
            [35, jjmmaa(line.bookingDay)],
            [46, qualifier],
            [49, cfonbText(value.slice(at, at + 70), 70)],
          ]),
        );
      }
    };
    if (line.counterpartyName) complement(line.cents >= 0 ? 'NPY' : 'NBE', line.counterpartyName);
    if (line.remittance) complement('LCC', line.remittance);
  });
  out.push(
    record([
      ...head('07', '    '),
      [35, jjmmaa(statement.closing!.day!)],
      [91, overpunch(statement.closing!.cents)],
    ]),
  );
  return out.join('\r\n') + '\r\n';
}

// ---- CAMT.053 ----

function xml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function camtAmount(cents: number, currency: string): string {
  return `<Amt Ccy="${currency}">${centsToDecimal(Math.abs(cents))}</Amt><CdtDbtInd>${cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd>`;
}

function camtBalance(code: string, cents: number, day: string, currency: string): string {
  return `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>${camtAmount(cents, currency)}<Dt><Dt>${day}</Dt></Dt></Bal>`;
}

function camtEntry(line: StatementLine, currency: string, version: '02' | '08'): string {
  const role = line.cents >= 0 ? 'Dbtr' : 'Cdtr';
  const name = line.counterpartyName
    ? version === '02'
      ? `<${role}><Nm>${xml(line.counterpartyName)}</Nm></${role}>`
      : `<${role}><Pty><Nm>${xml(line.counterpartyName)}</Nm></Pty></${role}>`
    : '';
  const account = line.counterpartyIban
    ? `<${role}Acct><Id><IBAN>${line.counterpartyIban}</IBAN></Id></${role}Acct>`
    : '';
  const status = version === '02' ? '<Sts>BOOK</Sts>' : '<Sts><Cd>BOOK</Cd></Sts>';
  const remittance = line.remittance
    ? `<RmtInf><Ustrd>${xml(line.remittance.slice(0, 140))}</Ustrd></RmtInf>`
    : '';
  return (
    `<Ntry>${camtAmount(line.cents, currency)}${status}<BookgDt><Dt>${line.bookingDay}</Dt></BookgDt>` +
    `<ValDt><Dt>${line.valueDay ?? line.bookingDay}</Dt></ValDt>` +
    (line.bankRef ? `<AcctSvcrRef>${xml(line.bankRef)}</AcctSvcrRef>` : '') +
    `<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${line.cents >= 0 ? 'RCDT' : 'ICDT'}</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>` +
    `<NtryDtls><TxDtls><Refs><EndToEndId>${xml(line.endToEndId ?? 'NOTPROVIDED')}</EndToEndId></Refs>` +
    `<Amt Ccy="${currency}">${centsToDecimal(Math.abs(line.cents))}</Amt>` +
    (name || account ? `<RltdPties>${name}${account}</RltdPties>` : '') +
    `${remittance}</TxDtls></NtryDtls><AddtlNtryInf>${xml(line.label)}</AddtlNtryInf></Ntry>`
  );
}

export function writeCamt053(
  statement: Statement,
  id: string,
  createdAt: string,
  version: '02' | '08' = '08',
): string {
  const c = statement.currency;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n` +
    `<BkToCstmrStmt><GrpHdr><MsgId>${xml(id)}</MsgId><CreDtTm>${createdAt}</CreDtTm></GrpHdr>\n` +
    `<Stmt><Id>${xml(id)}</Id><CreDtTm>${createdAt}</CreDtTm><Acct><Id><IBAN>${statement.account}</IBAN></Id><Ccy>${c}</Ccy></Acct>\n` +
    camtBalance('OPBD', statement.opening!.cents, statement.opening!.day!, c) +
    '\n' +
    camtBalance('CLBD', statement.closing!.cents, statement.closing!.day!, c) +
    '\n' +
    statement.lines.map((l) => camtEntry(l, c, version)).join('\n') +
    `\n</Stmt></BkToCstmrStmt></Document>\n`
  );
}

// ---- OFX ----

const ofxDate = (day: string): string => `${day.replace(/-/g, '')}120000`;

export function writeOfx(statement: Statement, version: 1 | 2, createdAt: string): string {
  const rib = ribOf(statement.account);
  const key = statement.account.slice(25, 27);
  const first = statement.lines[0]?.bookingDay ?? statement.closing!.day!;
  const lines = statement.lines.map((l) =>
    [
      '<STMTTRN>',
      `<TRNTYPE>${l.cents >= 0 ? 'CREDIT' : 'DEBIT'}`,
      `<DTPOSTED>${ofxDate(l.bookingDay)}`,
      `<DTUSER>${ofxDate(l.valueDay ?? l.bookingDay)}`,
      `<TRNAMT>${centsToDecimal(l.cents)}`,
      `<FITID>${xml(l.bankRef ?? '')}`,
      `<NAME>${xml((l.counterpartyName ?? l.label).slice(0, 32))}`,
      `<MEMO>${xml(`${l.label}${l.remittance ? ` ${l.remittance}` : ''}`.slice(0, 255))}`,
      '</STMTTRN>',
    ].join('\n'),
  );
  const body = [
    '<OFX>',
    '<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS>',
    `<DTSERVER>${createdAt.replace(/[-:T]/g, '').slice(0, 14)}<LANGUAGE>FRA</SONRS></SIGNONMSGSRSV1>`,
    '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>',
    `<STMTRS><CURDEF>${statement.currency}`,
    `<BANKACCTFROM><BANKID>${rib.bank}<BRANCHID>${rib.branch}<ACCTID>${rib.account}<ACCTTYPE>CHECKING<ACCTKEY>${key}</BANKACCTFROM>`,
    `<BANKTRANLIST><DTSTART>${ofxDate(first)}<DTEND>${ofxDate(statement.closing!.day!)}`,
    ...lines,
    '</BANKTRANLIST>',
    `<LEDGERBAL><BALAMT>${centsToDecimal(statement.closing!.cents)}<DTASOF>${ofxDate(statement.closing!.day!)}</LEDGERBAL>`,
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1>',
    '</OFX>',
  ].join('\n');
  if (version === 1) {
    const header =
      'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n';
    return header + body + '\n';
  }
  // 2.x is XML: every leaf closed.
  const closed = body.replace(
    /<([A-Z0-9.]+)>([^<\n]+)(?=\n|<)/g,
    (_m, tag: string, value: string) => `<${tag}>${value}</${tag}>`,
  );
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>\n${closed}\n`;
}
