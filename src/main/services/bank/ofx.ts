// OFX bank statements: 1.x (SGML, a header of KEY:VALUE lines, leaf elements left unclosed,
// French banks' files often in Windows-1252) and 2.x (XML). A 1.x body is made XML by closing
// its leaves, then both are read by the same XML parser. OFX gives only the closing balance
// (LEDGERBAL), so there is no opening + movements = closing to check; the list's bounds
// (DTSTART, DTEND) are checked against each transaction's day instead.
import type { BankFile, Statement, StatementLine } from '#shared/bank.ts';
import { BankFileError } from './bank-file-error.ts';
import { decimalToCents } from './amounts.ts';
import { frenchIban } from './iban.ts';
import { child, list, parseXml, text } from './xml.ts';

export function looksLikeOfx(text: string): boolean {
  const head = text.slice(0, 1000);
  return (
    /^\s*OFXHEADER\s*:/.test(head) ||
    /<\?OFX\s/.test(head) ||
    /^\s*(<\?xml[^>]*>\s*)?<OFX>/i.test(head)
  );
}

/** The charset a 1.x header declares (CHARSET:1252), to decode the bytes with. */
export function ofxCharset(head: string): string | undefined {
  return /^CHARSET\s*:\s*(\S+)/m.exec(head.slice(0, 1000))?.[1];
}

function escape(value: string): string {
  return value.replace(/&(?!(amp|lt|gt|quot|apos|#\d+);)/g, '&amp;');
}

/** An SGML body as XML: each leaf `<TAG>value` not closed by `</TAG>` gets its closing tag. */
function sgmlToXml(body: string): string {
  const tokens = [...body.matchAll(/<(\/?)([A-Za-z0-9.]+)>([^<]*)/g)];
  let out = '';
  tokens.forEach((token, i) => {
    const [, slash, name, after] = token as unknown as [string, string, string, string];
    const value = after.trim();
    if (slash) {
      out += `</${name}>`;
      return;
    }
    const next = tokens[i + 1];
    const closedNext = next !== undefined && next[1] === '/' && next[2] === name;
    out +=
      value && !closedNext ? `<${name}>${escape(value)}</${name}>` : `<${name}>${escape(value)}`;
  });
  return out;
}

/** The 1-based line of the file where the n-th <STMTTRN> starts, for messages. */
function transactionLines(source: string): number[] {
  const lines: number[] = [];
  let line = 1;
  for (let i = 0; i < source.length; i++) {
    if (source.charCodeAt(i) === 10) line++;
    else if (source.startsWith('<STMTTRN>', i)) lines.push(line);
  }
  return lines;
}

/** OFX date-times (YYYYMMDD[HHMMSS[.XXX]][[±h:TZ]]) to the day. */
function ofxDay(value: string | undefined, what: string, line?: number): string {
  const m = value ? /^(\d{4})(\d{2})(\d{2})/.exec(value) : null;
  const iso = m ? `${m[1]}-${m[2]}-${m[3]}` : '';
  if (!m || Number.isNaN(Date.parse(`${iso}T00:00:00Z`))) {
    throw new BankFileError(`${what} "${value ?? ''}" is not an OFX date`, line);
  }
  return iso;
}

function accountOf(from: unknown): string {
  const bank = text(from, 'BANKID') ?? '';
  const branch = text(from, 'BRANCHID') ?? '';
  const account = text(from, 'ACCTID') ?? '';
  const key = text(from, 'ACCTKEY');
  if (!account) throw new BankFileError('the statement has no account (BANKACCTFROM/ACCTID)');
  if (/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(account)) return account;
  if (/^\d{5}$/.test(bank) && /^\d{5}$/.test(branch) && /^[0-9A-Z]{11}$/.test(account)) {
    return frenchIban(bank, branch, account, key);
  }
  return `${bank}${branch}${account}`;
}

export function parseOfx(source: string): BankFile {
  const sgml = /^\s*OFXHEADER\s*:/.test(source);
  const start = source.search(/<OFX>/i);
  if (start < 0) throw new BankFileError('not an OFX file (no <OFX> element)', 1);
  const headerLines = source.slice(0, start).split('\n').length - 1;
  const xml = sgml ? sgmlToXml(source.slice(start)) : source;
  let doc;
  try {
    doc = parseXml(xml);
  } catch (error) {
    // An SGML body's lines are gone once made XML: say the line of the OFX file instead.
    if (sgml && error instanceof BankFileError) {
      const atEnd = /ends inside/.test(error.reason);
      throw new BankFileError(error.reason, atEnd ? source.split('\n').length : undefined);
    }
    throw error;
  }
  const starts = transactionLines(source);
  const responses = list(doc, 'OFX', 'BANKMSGSRSV1', 'STMTTRNRS').flatMap((r) => list(r, 'STMTRS'));
  if (responses.length === 0)
    throw new BankFileError(
      'no bank statement (BANKMSGSRSV1/STMTTRNRS/STMTRS) in the file',
      headerLines + 1,
    );
  let n = 0;
  const statements = responses.map((rs): Statement => {
    const account = accountOf(child(rs, 'BANKACCTFROM'));
    const currency = text(rs, 'CURDEF') ?? 'EUR';
    const tranList = child(rs, 'BANKTRANLIST');
    const from = text(tranList, 'DTSTART');
    const to = text(tranList, 'DTEND');
    const lines = list(tranList, 'STMTTRN').map((tr): StatementLine => {
      const line = starts[n++] ?? 0;
      const amount = text(tr, 'TRNAMT');
      if (!amount) throw new BankFileError('a transaction without its amount (TRNAMT)', line);
      const bookingDay = ofxDay(text(tr, 'DTPOSTED'), 'the posting day (DTPOSTED)', line);
      if (
        (from && bookingDay < ofxDay(from, 'DTSTART')) ||
        (to && bookingDay > ofxDay(to, 'DTEND'))
      ) {
        throw new BankFileError(
          `the transaction's day ${bookingDay} is outside the statement (DTSTART to DTEND)`,
          line,
        );
      }
      const user = text(tr, 'DTUSER');
      const avail = text(tr, 'DTAVAIL');
      const fitid = text(tr, 'FITID');
      const name = text(tr, 'NAME') ?? text(tr, 'PAYEE', 'NAME');
      const memo = text(tr, 'MEMO');
      const iban = text(tr, 'BANKACCTTO', 'ACCTID');
      return {
        ...(fitid ? { bankRef: fitid } : {}),
        bookingDay,
        ...(avail
          ? { valueDay: ofxDay(avail, 'DTAVAIL', line) }
          : user
            ? { valueDay: ofxDay(user, 'DTUSER', line) }
            : {}),
        cents: decimalToCents(amount, 'the amount (TRNAMT)', line),
        label: name ?? memo ?? '',
        ...(memo && name ? { remittance: memo } : {}),
        ...(name ? { counterpartyName: name } : {}),
        ...(iban && /^[A-Z]{2}\d{2}/.test(iban) ? { counterpartyIban: iban } : {}),
        sourceLine: line,
      };
    });
    const ledger = child(rs, 'LEDGERBAL');
    const balAmt = text(ledger, 'BALAMT');
    const closing = balAmt
      ? {
          cents: decimalToCents(balAmt, 'the balance (LEDGERBAL/BALAMT)'),
          ...(text(ledger, 'DTASOF') ? { day: ofxDay(text(ledger, 'DTASOF'), 'DTASOF') } : {}),
        }
      : undefined;
    return { account, currency, ...(closing ? { closing } : {}), lines };
  });
  return { format: 'ofx', statements };
}
