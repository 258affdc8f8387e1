// ISO 20022 CAMT.053 (bank to customer statement), versions .001.02 to .001.13: the fields
// read are the same in all of them, only the parties moved (.02 Dbtr/Nm, .08 Dbtr/Pty/Nm) and
// the status became a code (.02 <Sts>BOOK</Sts>, .08 <Sts><Cd>BOOK</Cd></Sts>). Only booked
// entries count; the opening (OPBD, else PRCD) plus the booked entries must give the closing
// (CLBD). A batch entry with several transactions stays one line (the amount the bank booked).
import type { BankFile, StatedBalance, Statement, StatementLine } from '#shared/bank.ts';
import { BankFileError } from './bank-file-error.ts';
import { decimalToCents } from './amounts.ts';
import { child, list, parseXml, text } from './xml.ts';

const NAMESPACE = /urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.(\d{2})/;

export function looksLikeCamt053(text: string): boolean {
  return NAMESPACE.test(text.slice(0, 2000)) || /<BkToCstmrStmt[\s>]/.test(text.slice(0, 4000));
}

function signed(node: unknown, where: string): number {
  const amount = text(node, 'Amt');
  if (!amount) throw new BankFileError(`${where} has no amount (Amt)`);
  const indicator = text(node, 'CdtDbtInd');
  if (indicator !== 'CRDT' && indicator !== 'DBIT') {
    throw new BankFileError(`${where} has no credit/debit indicator (CdtDbtInd CRDT or DBIT)`);
  }
  const cents = decimalToCents(amount, `${where}'s amount`);
  if (cents < 0) throw new BankFileError(`${where}'s amount is negative: the sign is CdtDbtInd's`);
  return indicator === 'CRDT' ? cents : -cents;
}

function dayOf(node: unknown, ...path: string[]): string | undefined {
  const value = text(node, ...path, 'Dt') ?? text(node, ...path, 'DtTm');
  return value ? value.slice(0, 10) : undefined;
}

function balance(
  stmt: unknown,
  codes: readonly string[],
  where: string,
): StatedBalance | undefined {
  for (const code of codes) {
    const found = list(stmt, 'Bal').find((b) => text(b, 'Tp', 'CdOrPrtry', 'Cd') === code);
    if (found) {
      const day = dayOf(found, 'Dt');
      return { cents: signed(found, `${where}'s ${code} balance`), ...(day ? { day } : {}) };
    }
  }
  return undefined;
}

/** A party's name and IBAN, in the .02 layout (Dbtr/Nm) or the .08 one (Dbtr/Pty/Nm). */
function party(parties: unknown, role: 'Dbtr' | 'Cdtr'): { name?: string; iban?: string } {
  const name = text(parties, role, 'Nm') ?? text(parties, role, 'Pty', 'Nm');
  const iban = text(parties, `${role}Acct`, 'Id', 'IBAN');
  return { ...(name ? { name } : {}), ...(iban ? { iban } : {}) };
}

function entryLine(entry: unknown, where: string): StatementLine {
  const cents = signed(entry, where);
  const bookingDay = dayOf(entry, 'BookgDt');
  if (!bookingDay) throw new BankFileError(`${where} has no booking day (BookgDt)`);
  const valueDay = dayOf(entry, 'ValDt');
  const transactions = list(entry, 'NtryDtls').flatMap((d) => list(d, 'TxDtls'));
  const remittance: string[] = [];
  let endToEndId: string | undefined;
  let other: { name?: string; iban?: string } = {};
  for (const tx of transactions) {
    const e2e = text(tx, 'Refs', 'EndToEndId');
    if (e2e && e2e !== 'NOTPROVIDED') endToEndId ??= e2e;
    for (const u of list(tx, 'RmtInf', 'Ustrd')) remittance.push(String(text(u) ?? ''));
    for (const s of list(tx, 'RmtInf', 'Strd')) {
      const ref = text(s, 'CdtrRefInf', 'Ref');
      if (ref) remittance.push(ref);
    }
    // The other party: who paid money in, who was paid money out.
    if (!other.name && !other.iban)
      other = party(child(tx, 'RltdPties'), cents >= 0 ? 'Dbtr' : 'Cdtr');
  }
  const label =
    text(entry, 'AddtlNtryInf') ??
    (transactions.length ? text(transactions[0], 'AddtlTxInf') : undefined) ??
    '';
  // The bank's own reference only: NtryRef numbers entries within one statement and repeats
  // in the next, so it cannot key a line across imports.
  const bankRef = text(entry, 'AcctSvcrRef');
  const joined = remittance.filter(Boolean).join(' ');
  return {
    ...(bankRef ? { bankRef } : {}),
    bookingDay,
    ...(valueDay ? { valueDay } : {}),
    cents,
    label,
    ...(joined ? { remittance: joined } : {}),
    ...(other.name ? { counterpartyName: other.name } : {}),
    ...(other.iban ? { counterpartyIban: other.iban } : {}),
    ...(endToEndId ? { endToEndId } : {}),
    sourceLine: 0,
  };
}

function booked(entry: unknown): boolean {
  const status = text(entry, 'Sts', 'Cd') ?? text(entry, 'Sts');
  return status === undefined || status === 'BOOK';
}

export function parseCamt053(source: string): BankFile {
  const version = NAMESPACE.exec(source.slice(0, 2000))?.[1];
  if (!version) throw new BankFileError('not a CAMT.053 file (no camt.053.001 namespace)', 1);
  const doc = parseXml(source);
  const statementsXml = list(doc, 'Document', 'BkToCstmrStmt', 'Stmt');
  if (statementsXml.length === 0)
    throw new BankFileError('no statement (BkToCstmrStmt/Stmt) in the file');
  const statements = statementsXml.map((stmt, s): Statement => {
    const where = `statement ${text(stmt, 'Id') ?? s + 1}`;
    const account = text(stmt, 'Acct', 'Id', 'IBAN') ?? text(stmt, 'Acct', 'Id', 'Othr', 'Id');
    if (!account) throw new BankFileError(`${where} has no account (Acct/Id)`);
    const opening = balance(stmt, ['OPBD', 'PRCD'], where);
    const closing = balance(stmt, ['CLBD'], where);
    const entries = list(stmt, 'Ntry');
    const lines = entries
      .map((e, i) => ({ e, i }))
      .filter(({ e }) => booked(e))
      .map(({ e, i }) =>
        entryLine(
          e,
          `${where}, entry ${i + 1}${text(e, 'AcctSvcrRef') ? ` (${text(e, 'AcctSvcrRef')})` : ''}`,
        ),
      );
    const currency =
      text(stmt, 'Acct', 'Ccy') ??
      (child(entries[0], 'Amt', '@Ccy') as string | undefined) ??
      'EUR';
    if (opening && closing) {
      const moved = lines.reduce((sum, l) => sum + l.cents, 0);
      if (opening.cents + moved !== closing.cents) {
        throw new BankFileError(
          `${where} does not add up: opening ${opening.cents / 100} + booked entries ${moved / 100} = ${(opening.cents + moved) / 100}, but the closing balance (CLBD) is ${closing.cents / 100}`,
        );
      }
    }
    return {
      account,
      currency,
      ...(opening ? { opening } : {}),
      ...(closing ? { closing } : {}),
      lines,
    };
  });
  return { format: 'camt053', statements };
}
