// The contract of the bank port (services/archive/bank-port.ts), written once for every
// implementation: the SQLite bank file of each connection and the firm's PostgreSQL server run
// these same tests by their entries in bank-contract.test.ts. The proposing rule is the test's
// own (a label says what to propose), so what each read returns is worked out here.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Proposal } from '#shared/bank.ts';
import { AppFailure } from '#main/services/app-failure.ts';
import type {
  BankAccount,
  BankDirectory,
  BankSnapshot,
  NewLine,
  Propose,
} from '#main/services/archive/bank-port.ts';

export interface BankImplementation {
  name: string;
  skip?: string;
  open(): Promise<{ directory: BankDirectory; close(): Promise<void> }>;
}

const AT = new Date('2026-11-20T10:00:00.000Z');
const LATER = new Date('2026-11-21T10:00:00.000Z');
const IBAN_A = 'FR7610107001011234567890129';
const IBAN_B = 'FR7630006000011234567890189';
const file = { name: 'releve.xml', format: 'camt053' as const };

const line = (id: string, account: string, day: string, cents: number, label: string): NewLine => ({
  id,
  account,
  line: { bookingDay: day, cents, label, sourceLine: 0 },
});

/** The test's rule: "AUTO <invoice>" is matched, "SUGG <a> <b>" suggests both, else nothing.
 * It records what it was shown. */
function rule(): { propose: Propose; seen: BankSnapshot[] } {
  const seen: BankSnapshot[] = [];
  const propose: Propose = (snapshot) => {
    seen.push(snapshot);
    return snapshot.undecided.map((l): Proposal => {
      const [word, ...ids] = l.label.split(' ');
      if (word === 'AUTO')
        return {
          lineId: l.id,
          state: 'auto',
          rule: 'reference',
          allocations: [{ invoiceId: ids[0]!, cents: Math.abs(l.cents) }],
        };
      if (word === 'SUGG')
        return {
          lineId: l.id,
          state: 'suggested',
          rule: 'amount-counterparty',
          candidates: ids.map((id) => [{ invoiceId: id, cents: Math.abs(l.cents) }]),
        };
      return { lineId: l.id, state: 'unmatched' };
    });
  };
  return { propose, seen };
}

const accountsOf = (known: BankAccount[], wanted: BankAccount[]) =>
  wanted.filter((w) => !known.some((k) => k.account === w.account));

const ACCOUNT_A: BankAccount = {
  account: IBAN_A,
  name: 'Compte courant',
  ledgerAccount: '512000',
  currency: 'EUR',
};
const ACCOUNT_B: BankAccount = {
  account: IBAN_B,
  name: 'Compte livret',
  ledgerAccount: '512100',
  currency: 'EUR',
};

const LINES = [
  line('l3', IBAN_A, '2026-11-03', 12_000, 'AUTO inv-1'),
  line('l1', IBAN_A, '2026-11-01', -4_500, 'SUGG inv-2 inv-3'),
  line('l2', IBAN_B, '2026-11-01', 700, 'frais'),
  line('l1', IBAN_A, '2026-11-01', -4_500, 'SUGG inv-2 inv-3'), // twice in the file
];

export function bankContract(implementations: readonly BankImplementation[]): void {
  for (const implementation of implementations)
    describe(
      `bank contract: ${implementation.name}`,
      { skip: implementation.skip ?? false },
      () => {
        let directory: BankDirectory;
        let close: () => Promise<void>;
        let n = 0;
        const connection = () => `contract-bank-${++n}`;

        before(async () => {
          ({ directory, close } = await implementation.open());
        });
        after(async () => {
          await close();
        });

        /** A connection with the three lines imported. */
        async function imported() {
          const id = connection();
          const bank = await directory.of(id);
          const { propose } = rule();
          const result = await bank.importLines(
            file,
            (known) => accountsOf(known, [ACCOUNT_A, ACCOUNT_B]),
            LINES,
            AT,
            propose,
          );
          return { id, bank, result };
        }

        test('no bank data until an import; then the lines by day, each with its proposal', async () => {
          const { id, bank, result } = await imported();
          assert.notEqual(await directory.existing(id), null);
          assert.equal(await directory.existing(connection()), null);
          assert.deepEqual(result, { added: 3, accountsAdded: [ACCOUNT_A, ACCOUNT_B] });
          assert.deepEqual(await bank.accounts(), [ACCOUNT_A, ACCOUNT_B]);
          const rows = await bank.matches();
          assert.deepEqual(
            rows.map((r) => [r.id, r.day, r.cents, r.state, r.rule, r.decided]),
            [
              ['l1', '2026-11-01', -4_500, 'suggested', 'amount-counterparty', false],
              ['l2', '2026-11-01', 700, 'unmatched', null, false],
              ['l3', '2026-11-03', 12_000, 'auto', 'reference', false],
            ],
          );
          assert.deepEqual(rows[0]!.candidates, [
            [{ invoiceId: 'inv-2', cents: 4_500 }],
            [{ invoiceId: 'inv-3', cents: 4_500 }],
          ]);
          assert.deepEqual(rows[2]!.allocations, [{ invoiceId: 'inv-1', cents: 12_000 }]);
          assert.deepEqual(rows[1]!.label, 'frais');
          assert.deepEqual(await bank.matches(new Set(['l2', 'nope'])), [rows[1]]);
          assert.deepEqual(await bank.toDecide(), { unmatched: 1, suggested: 1 });
          assert.equal(await bank.hasLine('l3'), true);
          assert.equal(await bank.hasLine('l9'), false);

          // The same file again: nothing added, no account either.
          const again = await bank.importLines(
            file,
            (known) => accountsOf(known, [ACCOUNT_A]),
            LINES,
            LATER,
            rule().propose,
          );
          assert.deepEqual(again, { added: 0, accountsAdded: [] });
          assert.equal((await bank.matches()).length, 3);
        });

        test('a decision is kept; proposing again sees what it settled, not its line; undone', async () => {
          const { bank } = await imported();
          const { propose, seen } = rule();
          const before = await bank.journalFacts();
          const confirmed = await bank.decide(
            'l1',
            (row, settled) => {
              assert.equal(row.state, 'suggested');
              assert.deepEqual(settled, new Map());
              return { allocations: row.candidates[0]!, rule: row.rule };
            },
            LATER,
            propose,
          );
          assert.deepEqual(
            [confirmed?.state, confirmed?.decided, confirmed?.allocations],
            ['confirmed', true, [{ invoiceId: 'inv-2', cents: 4_500 }]],
          );
          const shown = seen.at(-1)!;
          assert.deepEqual(
            shown.undecided.map((l) => l.id),
            ['l2', 'l3'],
          );
          assert.deepEqual(shown.settled, new Map([['inv-2', 4_500]]));
          assert.deepEqual(shown.accounts, [ACCOUNT_A, ACCOUNT_B]);
          assert.equal(shown.undecided[1]!.label, 'AUTO inv-1');
          assert.notDeepEqual(await bank.journalFacts(), before, 'the journal follows');
          assert.deepEqual(await bank.toDecide(), { unmatched: 1, suggested: 0 });

          const none = await bank.decide(
            'l2',
            () => ({ allocations: [], rule: null }),
            LATER,
            propose,
          );
          assert.deepEqual([none?.state, none?.decided], ['unmatched', true]);
          assert.deepEqual(await bank.toDecide(), { unmatched: 0, suggested: 0 });

          await assert.rejects(
            bank.decide(
              'l3',
              () => {
                throw new AppFailure('invalid_input', 'no');
              },
              LATER,
              propose,
            ),
            /no/,
          );
          assert.equal((await bank.matches(new Set(['l3'])))[0]!.decided, false, 'nothing written');
          assert.equal(
            await bank.decide('l9', () => ({ allocations: [], rule: null }), LATER, propose),
            null,
          );

          const undone = await bank.undecide('l1', propose);
          assert.deepEqual([undone?.state, undone?.decided], ['suggested', false]);
          assert.deepEqual(seen.at(-1)!.settled, new Map());
          assert.equal(await bank.undecide('l9', propose), null);
        });

        test('settings and accounts: kept, changed, and proposals made again', async () => {
          const { bank } = await imported();
          assert.equal(await bank.settings(), null);
          await bank.saveSettings({ windowDays: 45, toleranceCents: 5 });
          await bank.saveSettings({ windowDays: 30, toleranceCents: 2 });
          assert.deepEqual(await bank.settings(), { windowDays: 30, toleranceCents: 2 });
          const before = await bank.journalFacts();
          assert.equal(await bank.updateAccount(IBAN_B, { ledgerAccount: '512200' }), true);
          assert.equal(await bank.updateAccount('FR00', { name: 'x' }), false);
          assert.deepEqual(
            (await bank.accounts()).map((a) => [a.name, a.ledgerAccount]),
            [
              ['Compte courant', '512000'],
              ['Compte livret', '512200'],
            ],
          );
          assert.notDeepEqual(await bank.journalFacts(), before);
          const { seen } = rule();
          await bank.rematch((snapshot) => {
            seen.push(snapshot);
            return snapshot.undecided.map((l) => ({ lineId: l.id, state: 'unmatched' }));
          });
          assert.deepEqual(seen[0]!.settings, { windowDays: 30, toleranceCents: 2 });
          assert.deepEqual(await bank.toDecide(), { unmatched: 3, suggested: 0 });
        });

        test("one connection's bank is not another's", async () => {
          const { bank } = await imported();
          const other = await directory.of(connection());
          assert.deepEqual(await other.matches(), []);
          assert.deepEqual(await other.accounts(), []);
          // The same line keys in another connection are its own.
          const result = await other.importLines(
            file,
            (known) => accountsOf(known, [ACCOUNT_A]),
            [LINES[0]!],
            AT,
            rule().propose,
          );
          assert.equal(result.added, 1);
          assert.equal((await bank.matches()).length, 3);
        });
      },
    );
}
