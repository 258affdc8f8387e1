// The contract of the user data port (services/archive/user-data-port.ts), written once for
// every implementation: the SQLite file of each connection and the firm's PostgreSQL server run
// these same tests by their entries in user-data-contract.test.ts. Everything goes through the
// port, as the reports, the ledger, the exceptions and the CLI use it; what a read returns is
// worked out here from what was written, never read from the store.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_ACCOUNTING_SETTINGS } from '#shared/accounting-settings.ts';
import type { ThirdParty } from '#shared/accounting.ts';
import { AppFailure } from '#main/services/app-failure.ts';
import type {
  DeclaredReturnRecord,
  UserDataDirectory,
} from '#main/services/archive/user-data-port.ts';

export interface UserDataImplementation {
  name: string;
  /** Why this implementation's tests skip here (its server is not running), if they do. */
  skip?: string;
  /** A fresh, empty directory of user data, and what ends it. */
  open(): Promise<{ directory: UserDataDirectory; close(): Promise<void> }>;
}

const AT = new Date('2026-11-20T10:00:00.000Z');
const LATER = new Date('2026-11-21T08:30:00.000Z');
const INV = [
  '00000000-0000-4000-8000-000000000001',
  '00000000-0000-4000-8000-000000000002',
  '00000000-0000-4000-8000-000000000003',
];
const Q3 = { from: '2026-07-01', to: '2026-09-30' };
const Q4 = { from: '2026-10-01', to: '2026-12-31' };
const OCT = { from: '2026-10-01', to: '2026-10-31' };

const party = (over: Partial<ThirdParty> & Pick<ThirdParty, 'key' | 'auxiliary'>): ThirdParty => ({
  role: 'customer',
  name: `Client ${over.key}`,
  account: '706000',
  label: null,
  confirmed: true,
  updatedAt: AT.toISOString(),
  ...over,
});

const declared = (period: typeof Q3 & { label: string }, cents: number): DeclaredReturnRecord => ({
  period,
  declaredOn: '2026-10-24',
  amountCents: cents,
  figures: { boxes: { '16': cents, '23': 0 }, invoices: [INV[0]] },
  by: 'marie',
  at: AT.toISOString(),
});

export function userDataContract(implementations: readonly UserDataImplementation[]): void {
  for (const implementation of implementations)
    describe(
      `user data contract: ${implementation.name}`,
      { skip: implementation.skip ?? false },
      () => {
        let directory: UserDataDirectory;
        let close: () => Promise<void>;
        let n = 0;
        /** A connection of its own for each test: none sees another's writes. */
        const connection = () => `contract-user-${++n}`;

        before(async () => {
          ({ directory, close } = await implementation.open());
        });
        after(async () => {
          await close();
        });

        test('a connection never written for has no user data; writing creates it', async () => {
          const id = connection();
          assert.equal(await directory.existing(id), null);
          assert.equal(await directory.existing(id), null, 'reading created nothing');
          const mine = await directory.of(id);
          assert.equal(mine.connectionId, id);
          assert.equal((await directory.existing(id))?.connectionId, id);
          assert.deepEqual(await mine.paymentMarks(), new Map());
          assert.deepEqual(await mine.handledExceptions(), new Map());
          assert.deepEqual(await mine.accountingSettings(), DEFAULT_ACCOUNTING_SETTINGS);
          assert.deepEqual(await mine.thirdParties(), []);
          assert.equal(await mine.carriedCredit(Q3), 0);
          assert.deepEqual(await mine.declaredReturns(), []);
          assert.deepEqual(await mine.invoiceRates(), new Map());
        });

        test('payment marks: set, replaced by the newest word, read by id, taken off', async () => {
          const mine = await directory.of(connection());
          await mine.markPaid([INV[0]!, INV[1]!], '2026-11-18', 'virement', AT);
          await mine.markPaid([INV[1]!, INV[1]!], '2026-11-19', null, LATER);
          assert.deepEqual(
            await mine.paymentMarks(),
            new Map([
              [
                INV[0]!,
                {
                  invoiceId: INV[0]!,
                  paidOn: '2026-11-18',
                  note: 'virement',
                  markedAt: AT.toISOString(),
                },
              ],
              [
                INV[1]!,
                {
                  invoiceId: INV[1]!,
                  paidOn: '2026-11-19',
                  note: null,
                  markedAt: LATER.toISOString(),
                },
              ],
            ]),
          );
          assert.deepEqual([...(await mine.paymentMarks([INV[1]!, INV[2]!])).keys()], [INV[1]]);
          assert.equal(await mine.unmarkPaid([INV[1]!, INV[2]!]), 1, 'only the marks there');
          assert.deepEqual([...(await mine.paymentMarks()).keys()], [INV[0]]);
        });

        test('handled exceptions: the note, who, when and reasons; reopened', async () => {
          const mine = await directory.of(connection());
          await mine.markExceptionsHandled(
            [
              { invoiceId: INV[0]!, reasons: ['rejected'] },
              { invoiceId: INV[1]!, reasons: ['past_due', 'disputed'] },
            ],
            'appelé le client',
            'marie',
            AT,
          );
          await mine.markExceptionsHandled(
            [{ invoiceId: INV[0]!, reasons: ['rejected', 'refused'] }],
            null,
            'paul',
            LATER,
          );
          const handled = await mine.handledExceptions();
          assert.deepEqual(handled.get(INV[0]!), {
            invoiceId: INV[0],
            note: null,
            by: 'paul',
            at: LATER.toISOString(),
            reasons: ['rejected', 'refused'],
          });
          assert.deepEqual(handled.get(INV[1]!), {
            invoiceId: INV[1],
            note: 'appelé le client',
            by: 'marie',
            at: AT.toISOString(),
            reasons: ['past_due', 'disputed'],
          });
          assert.equal(await mine.reopenExceptions([INV[0]!, INV[2]!]), 1);
          assert.deepEqual([...(await mine.handledExceptions()).keys()], [INV[1]]);
        });

        test('accounting settings: the defaults, then what was saved', async () => {
          const mine = await directory.of(connection());
          const settings = {
            ...DEFAULT_ACCOUNTING_SETTINGS,
            siren: '552100554',
            fiscalYearEnd: '06-30',
          };
          await mine.saveAccountingSettings(settings, AT);
          assert.deepEqual(await mine.accountingSettings(), settings);
          await mine.saveAccountingSettings({ ...settings, siren: null }, LATER);
          assert.equal((await mine.accountingSettings()).siren, null);
        });

        test('third parties: by role then code, found by key, codes unique, all or none', async () => {
          const mine = await directory.of(connection());
          const orange = party({ key: '380129866', auxiliary: 'CORANGE' });
          const acme = party({ key: '552100554', auxiliary: 'CACME' });
          const supplier = party({
            key: '552100554',
            role: 'supplier',
            auxiliary: 'FACME',
            account: '604000',
            label: 'Acme achats',
            confirmed: false,
          });
          await mine.saveThirdParties([orange, supplier, acme]);
          assert.deepEqual(await mine.thirdParties(), [acme, orange, supplier]);
          assert.deepEqual(await mine.thirdParty('552100554', 'supplier'), supplier);
          assert.deepEqual(await mine.thirdParty('552100554', 'customer'), acme);
          assert.equal(await mine.thirdParty('000000000', 'customer'), null);
          assert.deepEqual(
            await mine.auxiliaryCodes(),
            new Map([
              ['CORANGE', { key: '380129866', role: 'customer', name: orange.name }],
              ['CACME', { key: '552100554', role: 'customer', name: acme.name }],
              ['FACME', { key: '552100554', role: 'supplier', name: supplier.name }],
            ]),
          );
          const renamed = { ...orange, name: 'Orange SA', account: '706100' };
          await mine.saveThirdParties([renamed]);
          assert.deepEqual(await mine.thirdParty(orange.key, 'customer'), renamed);

          const newcomer = party({ key: '999999999', auxiliary: 'CNEW' });
          const taken = party({ key: '888888888', auxiliary: 'CACME' });
          await assert.rejects(
            mine.saveThirdParties([newcomer, taken]),
            (error: unknown) => error instanceof AppFailure && error.kind === 'conflict',
          );
          assert.equal(await mine.thirdParty(newcomer.key, 'customer'), null, 'none of it kept');
          assert.equal((await mine.thirdParties()).length, 3);
        });

        test('carried credit: by period, 0 when none, 0 forgets it', async () => {
          const mine = await directory.of(connection());
          await mine.saveCarriedCredit(Q3, 12_345, AT);
          await mine.saveCarriedCredit(OCT, 500, AT);
          await mine.saveCarriedCredit(Q3, 23_456, LATER);
          assert.equal(await mine.carriedCredit(Q3), 23_456);
          assert.equal(await mine.carriedCredit(OCT), 500);
          assert.equal(await mine.carriedCredit(Q4), 0, 'another period: none');
          await mine.saveCarriedCredit(OCT, 0, LATER);
          assert.equal(await mine.carriedCredit(OCT), 0);
        });

        test('declared returns: kept whole, listed oldest first, replaced, removed', async () => {
          const mine = await directory.of(connection());
          const q4 = declared({ ...Q4, label: '2026-Q4' }, 98_765);
          const q3 = declared({ ...Q3, label: '2026-Q3' }, -1_200);
          await mine.saveDeclaredReturn(q4);
          await mine.saveDeclaredReturn(q3);
          assert.deepEqual(await mine.declaredReturns(), [q3, q4]);
          assert.deepEqual(await mine.declaredReturn(Q4), q4);
          assert.equal(await mine.declaredReturn(OCT), null);
          const again = { ...q3, amountCents: 300, by: 'paul', at: LATER.toISOString() };
          await mine.saveDeclaredReturn(again);
          assert.deepEqual(await mine.declaredReturn(Q3), again);
          assert.equal(await mine.removeDeclaredReturn(Q3), true);
          assert.equal(await mine.removeDeclaredReturn(Q3), false);
          assert.deepEqual(await mine.declaredReturns(), [q4]);
        });

        test('typed rates: kept as typed text, replaced, forgotten', async () => {
          const mine = await directory.of(connection());
          await mine.saveInvoiceRate(INV[0]!, { currency: 'GBP', rate: '0.8662' }, AT);
          await mine.saveInvoiceRate(INV[1]!, { currency: 'USD', rate: '1.0500' }, AT);
          await mine.saveInvoiceRate(INV[1]!, { currency: 'USD', rate: '1.0812' }, LATER);
          await mine.saveInvoiceRate(INV[0]!, null, LATER);
          assert.deepEqual(
            await mine.invoiceRates(),
            new Map([[INV[1]!, { currency: 'USD', rate: '1.0812', typedAt: LATER.toISOString() }]]),
          );
        });

        test('what one connection wrote is found by its id, and only by its id', async () => {
          const [a, b] = [connection(), connection()];
          const mine = await directory.of(a);
          await mine.markPaid([INV[0]!], '2026-11-18', null, AT);
          await mine.saveCarriedCredit(Q3, 100, AT);
          await mine.saveThirdParties([party({ key: '380129866', auxiliary: 'CORANGE' })]);
          const other = await directory.of(b);
          assert.deepEqual(await other.paymentMarks(), new Map());
          assert.equal(await other.carriedCredit(Q3), 0);
          // The same code in another connection is no conflict.
          await other.saveThirdParties([party({ key: '552100554', auxiliary: 'CORANGE' })]);
          assert.equal((await other.thirdParties()).length, 1);
          assert.equal((await directory.existing(a))!.connectionId, a);
          assert.equal((await (await directory.existing(a))!.paymentMarks()).size, 1);
        });
      },
    );
}
