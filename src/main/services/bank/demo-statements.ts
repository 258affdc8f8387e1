// The demo statements (issue 29): a year of the demo company's bank account, drawn from the demo
// operator's invoices, deterministic for a data set, with the truth of which line pays which
// invoices kept for the tests. Customers pay by transfer, with the invoice number in the
// remittance or without; some pay several invoices at once or an invoice in two parts; some
// never pay; the bank adds its fees and the company its salaries, taxes and card expenses.
import type { Statement, StatementLine } from '#shared/bank.ts';
import type { Dataset } from '../../demo-operator/data/dataset.ts';
import { Rng, mixSeed } from '../../demo-operator/data/rng.ts';
import { payableOf, PAYABLE_STATES, type PayableInvoice } from '#shared/payable.ts';
import { writeCamt053, writeCfonb120, writeOfx } from './write-statements.ts';

const DAY = 86_400_000;
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const addDays = (day: string, days: number): string => isoDay(dayMs(day) + days * DAY);

export interface DemoStatementSet {
  /** The demo company's account (its IBAN). */
  account: string;
  /** One statement a month, oldest first. */
  statements: Statement[];
  /** Each line's bank reference → the invoices it pays (none: fees, salaries, taxes...). */
  truth: Map<string, string[]>;
  /** Every invoice of the data set that can be paid: what the matching is given. */
  invoices: PayableInvoice[];
}

export interface DemoStatementOptions {
  /** Whole months of statements, ending with the last month before the data set's start. */
  months?: number;
}

type Behaviour = 'reference' | 'no-reference' | 'grouped' | 'partial' | 'unpaid';

interface Draft {
  day: string;
  line: Omit<StatementLine, 'bookingDay' | 'sourceLine' | 'bankRef'>;
  pays: string[];
}

const REFERENCE_STYLES = [
  (n: string) => `FACTURE ${n}`,
  (n: string) => n,
  (n: string) => `REGLEMENT FACT ${n}`,
  (n: string) => `FACT. N° ${n}`,
  (n: string) => `Paiement facture ${n} merci`,
];
const OTHER_PAYERS = [
  'HOLDING MARCEAU',
  'M. OU MME LEFEBVRE',
  'SCI LES TILLEULS',
  'GROUPE AVENIR',
  'CABINET ROUSSEL',
];
const NO_REFERENCE = ['', 'REGLEMENT', 'PAIEMENT FOURNISSEUR', 'VIREMENT', 'ACOMPTE SUR COMMANDE'];

/** How the bank writes the other party's name: as invoiced, or upper case without its form. */
function bankName(rng: Rng, name: string): string {
  return rng.chance(0.8)
    ? name.toUpperCase()
    : name
        .replace(/\b(SAS|SARL|SA|EURL|SASU|SNC)\b/gi, '')
        .trim()
        .toUpperCase();
}

export function demoStatements(
  dataset: Dataset,
  options: DemoStatementOptions = {},
): DemoStatementSet {
  const months = options.months ?? 12;
  const start = new Date(dataset.startMs);
  const endMs = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1) - DAY; // last day of the month before
  const end = isoDay(endMs);
  const endDate = new Date(endMs);
  const from = isoDay(Date.UTC(endDate.getUTCFullYear(), endDate.getUTCMonth() - months + 1, 1));
  const pool = dataset.pool;
  const account = pool.our.iban;

  const invoices: PayableInvoice[] = [];
  const drafts: Draft[] = [];
  const groups = new Map<string, { invoice: PayableInvoice; day: string; rng: Rng }[]>();
  const ordered = [...dataset.records].sort((a, b) => (a.invoiceId < b.invoiceId ? -1 : 1));
  // A counterparty's invoices of one month are paid together in a third of the months where it
  // has several: decided by month and counterparty, so that the whole group is paid at once.
  const bucketOf = (r: (typeof ordered)[number]): string =>
    `${r.direction}:${r.counterparty}:${r.invoiceDate.slice(0, 7)}`;
  const bucketSizes = new Map<string, number>();
  for (const r of ordered)
    if (r.state === 'DELIVERED')
      bucketSizes.set(bucketOf(r), (bucketSizes.get(bucketOf(r)) ?? 0) + 1);
  const groupedBucket = (key: string): boolean =>
    (bucketSizes.get(key) ?? 0) > 1 && new Rng(mixSeed(dataset.seed, hashText(key))).chance(0.35);
  for (const record of ordered) {
    if (!PAYABLE_STATES.has(record.state)) continue;
    const invoice = dataset.invoice(record);
    const payable = payableOf(record.invoiceId, record.direction, invoice);
    if (!payable) continue;
    invoices.push(payable);
    if (record.state !== 'DELIVERED' || payable.currency !== 'EUR') continue;
    if (payable.day < addDays(from, -75) || payable.day > end) continue;
    const rng = new Rng(mixSeed(record.seed, 0xba4c));
    const drawn = rng.weighted<Behaviour>([
      ['reference', 52],
      ['no-reference', 22],
      ['partial', 7],
      ['unpaid', 19],
    ]);
    const behaviour: Behaviour =
      drawn !== 'unpaid' && groupedBucket(bucketOf(record)) ? 'grouped' : drawn;
    const company = pool.all[record.counterparty]!;
    const delay = record.direction === 'OUTBOUND' ? rng.int(3, 60) : rng.int(5, 45);
    const day = addDays(payable.day, delay);
    // One payment in ten comes from another payer than the invoiced company (its holding, its
    // manager), with no account the invoice names: only a reference or the amount can tell.
    const otherPayer = record.direction === 'OUTBOUND' && rng.chance(0.1);
    const name = otherPayer ? rng.pick(OTHER_PAYERS) : bankName(rng, payable.counterpartyName);
    const iban = otherPayer
      ? undefined
      : record.direction === 'OUTBOUND'
        ? company.iban
        : payable.counterpartyIbans[0];
    const line = (cents: number, remittance: string): Draft['line'] => ({
      cents: record.direction === 'OUTBOUND' ? cents : -cents,
      label:
        record.direction === 'OUTBOUND' ? `VIR SEPA RECU /DE ${name}` : `VIR SEPA EMIS /A ${name}`,
      ...(remittance ? { remittance } : {}),
      counterpartyName: name,
      ...(iban && rng.chance(0.9) ? { counterpartyIban: iban } : {}),
    });
    const withReference = (): string => rng.pick(REFERENCE_STYLES)(payable.number);
    switch (behaviour) {
      case 'unpaid':
        break;
      case 'reference': {
        // A foreign customer's bank may keep its fees out of the transfer (SHA).
        const fees = company.country !== 'FR' && rng.chance(0.5) ? rng.int(500, 1500) : 0;
        drafts.push({
          day,
          line: line(payable.cents - fees, withReference()),
          pays: [record.invoiceId],
        });
        break;
      }
      case 'no-reference':
        drafts.push({
          day,
          line: line(payable.cents, rng.pick(NO_REFERENCE)),
          pays: [record.invoiceId],
        });
        break;
      case 'partial': {
        const first = Math.round((payable.cents * rng.int(30, 70)) / 100);
        drafts.push({
          day,
          line: line(first, rng.chance(0.8) ? `ACOMPTE ${withReference()}` : 'ACOMPTE'),
          pays: [record.invoiceId],
        });
        const restDay = addDays(day, rng.int(10, 40));
        drafts.push({
          day: restDay,
          line: line(payable.cents - first, rng.chance(0.8) ? `SOLDE ${withReference()}` : 'SOLDE'),
          pays: [record.invoiceId],
        });
        break;
      }
      case 'grouped': {
        const key = bucketOf(record);
        const list = groups.get(key) ?? [];
        list.push({ invoice: payable, day, rng });
        groups.set(key, list);
        break;
      }
    }
  }
  for (const members of [...groups.values()]) {
    const first = members[0]!;
    const rng = first.rng;
    const direction = first.invoice.direction;
    const day = members
      .map((m) => m.day)
      .sort()
      .at(-1)!;
    const total = members.reduce((sum, m) => sum + m.invoice.cents, 0);
    const name = bankName(rng, first.invoice.counterpartyName);
    const numbers = members.map((m) => m.invoice.number).join(' ');
    const remittance =
      members.length > 1
        ? rng.chance(0.5)
          ? `FACTURES ${numbers}`
          : 'REGLEMENT FACTURES'
        : rng.pick(NO_REFERENCE);
    drafts.push({
      day,
      line: {
        cents: direction === 'OUTBOUND' ? total : -total,
        label: direction === 'OUTBOUND' ? `VIR SEPA RECU /DE ${name}` : `VIR SEPA EMIS /A ${name}`,
        ...(remittance ? { remittance: remittance.slice(0, 140) } : {}),
        counterpartyName: name,
      },
      pays: members.map((m) => m.invoice.id),
    });
  }
  drafts.push(...noise(dataset.seed, from, end));

  const inPeriod = drafts.filter((d) => d.day >= from && d.day <= end);
  inPeriod.sort((a, b) =>
    a.day < b.day
      ? -1
      : a.day > b.day
        ? 1
        : a.line.cents - b.line.cents || (a.line.label < b.line.label ? -1 : 1),
  );
  const truth = new Map<string, string[]>();
  const statements: Statement[] = [];
  let balance = 4_825_000;
  let seq = 0;
  let previousDay = addDays(from, -1);
  for (let m = 0; m < months; m++) {
    const monthStart = new Date(dayMs(from));
    const first = isoDay(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + m, 1));
    const last = isoDay(
      Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + m + 1, 1) - DAY,
    );
    const lines = inPeriod
      .filter((d) => d.day >= first && d.day <= last)
      .map((d): StatementLine => {
        seq += 1;
        const bankRef = `D${d.day.replace(/-/g, '')}${String(seq).padStart(5, '0')}`;
        truth.set(bankRef, d.pays);
        return { bankRef, bookingDay: d.day, valueDay: d.day, ...d.line, sourceLine: 0 };
      });
    const opening = { cents: balance, day: previousDay };
    balance += lines.reduce((sum, l) => sum + l.cents, 0);
    statements.push({
      account,
      currency: 'EUR',
      opening,
      closing: { cents: balance, day: last },
      lines,
    });
    previousDay = last;
  }
  return { account, statements, truth, invoices };
}

function hashText(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h >>> 0;
}

/** What a company's account carries besides its invoices: fees, salaries, taxes, cards. */
function noise(seed: number, from: string, end: string): Draft[] {
  const rng = new Rng(mixSeed(seed, 0x5a1e));
  const drafts: Draft[] = [];
  const none = (day: string, cents: number, label: string, remittance?: string): Draft => ({
    day,
    line: { cents, label, ...(remittance ? { remittance } : {}) },
    pays: [],
  });
  for (let day = from; day <= end; day = addDays(day, 1)) {
    const dom = Number(day.slice(8, 10));
    if (dom === 1)
      drafts.push(none(day, -rng.int(900, 2500), 'FRAIS TENUE DE COMPTE', 'COMMISSION MENSUELLE'));
    if (dom === 5)
      drafts.push(
        none(day, -rng.int(300_000, 900_000), 'PRLV SEPA URSSAF', `URSSAF ${day.slice(0, 7)}`),
      );
    if (dom === 20)
      drafts.push(
        none(day, -rng.int(200_000, 1_500_000), 'PRLV SEPA DGFIP', `TVA ${day.slice(0, 7)}`),
      );
    if (dom === 28) {
      for (let i = 0; i < 6; i++)
        drafts.push(
          none(
            day,
            -rng.int(180_000, 420_000),
            'VIR SEPA EMIS SALAIRE',
            `SALAIRE ${day.slice(5, 7)}/${day.slice(0, 4)}`,
          ),
        );
    }
    if (rng.chance(0.25))
      drafts.push(
        none(
          day,
          -rng.int(1_500, 18_000),
          `CB ${rng.pick(['TOTAL ENERGIES', 'LEROY MERLIN', 'RESTAURANT LE COMPTOIR', 'SNCF INTERNET', 'AMAZON EU'])} ${day.slice(8, 10)}/${day.slice(5, 7)}`,
        ),
      );
    if (rng.chance(0.04))
      drafts.push(none(day, rng.int(10_000, 250_000), `REMISE CHEQUES N ${rng.digits(7)}`));
    if (dom === 15 && rng.chance(0.3))
      drafts.push(none(day, -rng.int(500, 3_000), 'COMMISSION INTERVENTION'));
  }
  return drafts;
}

/** The demo statements as files, the three formats in turn month by month (OFX 1.x in Windows-1252). */
export function demoStatementFiles(set: DemoStatementSet): { name: string; bytes: Uint8Array }[] {
  return set.statements.map((statement, i) => {
    const month = statement.closing!.day!.slice(0, 7);
    const created = `${addDays(statement.closing!.day!, 1)}T06:00:00`;
    switch (i % 5) {
      case 0:
        return {
          name: `releve-${month}.cfonb`,
          bytes: new TextEncoder().encode(writeCfonb120(statement)),
        };
      case 1:
        return {
          name: `releve-${month}.camt053.xml`,
          bytes: new TextEncoder().encode(writeCamt053(statement, `DEMO-${month}`, created, '08')),
        };
      case 2:
        return { name: `releve-${month}.ofx`, bytes: windows1252(writeOfx(statement, 1, created)) };
      case 3:
        return {
          name: `releve-${month}.camt053.xml`,
          bytes: new TextEncoder().encode(writeCamt053(statement, `DEMO-${month}`, created, '02')),
        };
      default:
        return {
          name: `releve-${month}.ofx`,
          bytes: new TextEncoder().encode(writeOfx(statement, 2, created)),
        };
    }
  });
}

const CP1252: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '–': 0x96,
  '—': 0x97,
  œ: 0x9c,
  Œ: 0x8c,
};

/** Text to Windows-1252 bytes (a character it lacks becomes "?"). */
export function windows1252(text: string): Uint8Array {
  return Uint8Array.from(
    [...text].map((c) => CP1252[c] ?? (c.charCodeAt(0) < 256 ? c.charCodeAt(0) : 0x3f)),
  );
}
