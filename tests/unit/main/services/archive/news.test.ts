// Nouveautés (issue 19, item 3): what the archive's writes record as news (schema step 10),
// on real SQLite files. The first fill is the baseline (nothing recorded until a sync has
// finished); then a new invoice, and a new last status among 213/210/207/208/212, are recorded
// once; the same status read again is not; a live search records too, without a run; reading
// marks them and they leave the list.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { openArchive, type ArchiveStore } from '#main/services/archive/sqlite/archive-store.ts';
import { SCHEMA_VERSION } from '#main/services/archive/sqlite/schema.ts';
import { searchItem, uuidOf } from '#support/archive-fixtures.ts';
import { newsCountsText, type NewsCounts } from '#shared/news.ts';
import { newsNotificationText } from '#shared/news-notification.ts';
import fr from '#shared/i18n/fr/follow-up.ts';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'archive-news-'));
  dirs.push(dir);
  return dir;
}
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A sync run begun and finished on `archive`: its id. */
function finishedRun(archive: ArchiveStore, at: string): number {
  const { runId } = archive.transaction(() => archive.syncState.beginRun(at, false));
  archive.transaction(() => archive.syncState.finishRun(runId, at));
  return runId;
}

function counts(partial: Partial<NewsCounts>): NewsCounts {
  return { '213': 0, '210': 0, '207': 0, '208': 0, '212': 0, new: 0, ...partial };
}

describe('news recorded by the archive writes', () => {
  test('the first fill is the baseline: nothing is recorded before a sync has finished', () => {
    const archive = openArchive(dataDir(), 'c1');
    try {
      assert.equal(archive.schemaVersion(), SCHEMA_VERSION);
      const { runId } = archive.transaction(() =>
        archive.syncState.beginRun('2026-03-01T00:00:00.000Z', false),
      );
      const items = Array.from({ length: 50 }, (_, i) =>
        searchItem({ id: uuidOf(i + 1), number: `F-${i + 1}`, code: i % 2 ? '213' : '205' }),
      );
      archive.upsertSearchItems(items, '2026-03-01T00:01:00.000Z', runId);
      // A live search before the first sync finished: still the baseline.
      archive.saveInvoiceSearchPage(
        {},
        { data: [searchItem({ id: uuidOf(99), number: 'F-99' })], meta: {} },
        '2026-03-01T00:02:00.000Z',
      );
      assert.deepEqual(archive.news(500), { unread: 0, shown: 0, newestId: null, groups: [] });
      assert.deepEqual(archive.newsFoundSince('2026-01-01T00:00:00.000Z'), counts({}));
    } finally {
      archive.close();
    }
  });

  test('after it, a status change 205 → 213 is recorded once; the same status read again is not', () => {
    const archive = openArchive(dataDir(), 'c1');
    try {
      const first = finishedRun(archive, '2026-03-01T00:00:00.000Z');
      archive.upsertSearchItems(
        [searchItem({ id: uuidOf(1), number: 'F-1', code: '205' })],
        '2026-03-01T00:00:00.000Z',
        first,
      );
      // Past the baseline, F-1 arriving was news ("new"): read it first.
      archive.markNewsRead({ upToId: Number.MAX_SAFE_INTEGER });

      const { runId } = archive.transaction(() =>
        archive.syncState.beginRun('2026-03-02T00:00:00.000Z', false),
      );
      const rejected = searchItem({
        id: uuidOf(1),
        number: 'F-1',
        code: '213',
        statusDate: '2026-03-02T08:00:00.000Z',
        seller: { name: 'Boulangerie Martin', siren: '111111111' },
        buyer: { name: 'Cabinet Dupont', siren: '222222222' },
      });
      archive.upsertSearchItems([rejected], '2026-03-02T09:00:00.000Z', runId);
      // Read again by the status phase and by the next list page: no second record.
      archive.upsertSearchItems([rejected], '2026-03-02T09:01:00.000Z', runId);
      archive.upsertSearchItems([rejected], '2026-03-02T09:02:00.000Z', runId);

      const list = archive.news(500);
      assert.equal(list.unread, 1);
      assert.equal(list.groups.length, 1);
      const [group] = list.groups;
      assert.equal(group!.key, `run-${runId}`);
      assert.equal(group!.foundAt, '2026-03-02T09:00:00.000Z');
      assert.deepEqual(group!.counts, counts({ '213': 1 }));
      assert.deepEqual(
        group!.invoices.map((i) => ({ ...i, ids: i.ids.length })),
        [
          {
            invoiceId: uuidOf(1),
            number: 'F-1',
            direction: 'INBOUND',
            party: 'Boulangerie Martin',
            // Which invoice at a glance: its date and amount (issue 27, item 7).
            invoiceDate: '2026-03-01',
            ttcCents: 12_000,
            currency: 'EUR',
            kinds: ['213'],
            ids: 1,
          },
        ],
      );
      assert.deepEqual(
        archive.newsFoundSince('2026-03-02T00:00:00.000Z'),
        counts({ '213': 1 }),
        'what the sync started then found',
      );
    } finally {
      archive.close();
    }
  });

  test('a new invoice is "new" (and its notable status too); a status outside the list, or only a new date, is no news', () => {
    const archive = openArchive(dataDir(), 'c1');
    try {
      finishedRun(archive, '2026-03-01T00:00:00.000Z');
      const { runId } = archive.transaction(() =>
        archive.syncState.beginRun('2026-03-03T00:00:00.000Z', false),
      );
      archive.upsertSearchItems(
        [
          searchItem({ id: uuidOf(1), number: 'F-1', code: '204' }),
          searchItem({ id: uuidOf(2), number: 'F-2', code: '213', state: 'NOT_DELIVERED' }),
        ],
        '2026-03-03T10:00:00.000Z',
        runId,
      );
      // 204 → 205 (not told), a 213's date moving (no new status): nothing more.
      archive.upsertSearchItems(
        [
          searchItem({ id: uuidOf(1), number: 'F-1', code: '205' }),
          searchItem({
            id: uuidOf(2),
            number: 'F-2',
            code: '213',
            state: 'NOT_DELIVERED',
            statusDate: '2026-03-03T11:00:00.000Z',
          }),
        ],
        '2026-03-03T11:00:00.000Z',
        runId,
      );
      // 205 → 212: a payment.
      archive.upsertSearchItems(
        [searchItem({ id: uuidOf(1), number: 'F-1', code: '212' })],
        '2026-03-03T12:00:00.000Z',
        runId,
      );
      const list = archive.news(500);
      assert.equal(list.unread, 4);
      assert.deepEqual(list.groups[0]!.counts, counts({ new: 2, '213': 1, '212': 1 }));
      const byNumber = new Map(list.groups[0]!.invoices.map((i) => [i.number, i.kinds]));
      assert.deepEqual(byNumber.get('F-1'), ['212', 'new']);
      assert.deepEqual(byNumber.get('F-2'), ['213', 'new']);
    } finally {
      archive.close();
    }
  });

  test('a change a live search met first is news too, in a group of its own, and the sync does not record it again', () => {
    const archive = openArchive(dataDir(), 'c1');
    try {
      finishedRun(archive, '2026-03-01T00:00:00.000Z');
      archive.saveInvoiceSearchPage(
        {},
        { data: [searchItem({ id: uuidOf(7), number: 'F-7', code: '207' })], meta: {} },
        '2026-03-04T08:00:00.000Z',
      );
      const { runId } = archive.transaction(() =>
        archive.syncState.beginRun('2026-03-04T09:00:00.000Z', false),
      );
      archive.upsertSearchItems(
        [searchItem({ id: uuidOf(7), number: 'F-7', code: '207' })],
        '2026-03-04T09:01:00.000Z',
        runId,
      );
      const list = archive.news(500);
      assert.equal(list.unread, 2);
      assert.deepEqual(
        list.groups.map((g) => [g.key, g.runId, g.counts]),
        [['live', null, counts({ new: 1, '207': 1 })]],
      );
      assert.deepEqual(
        archive.newsFoundSince('2026-03-04T09:00:00.000Z'),
        counts({}),
        'the sync found nothing the live search had not',
      );
    } finally {
      archive.close();
    }
  });

  test('marking read: a group by its ids, then all up to the newest shown; read changes leave the list, newer ones stay', () => {
    const dir = dataDir();
    let archive = openArchive(dir, 'c1');
    try {
      finishedRun(archive, '2026-03-01T00:00:00.000Z');
      const run = (at: string) =>
        archive.transaction(() => archive.syncState.beginRun(at, false)).runId;
      const a = run('2026-03-05T00:00:00.000Z');
      archive.upsertSearchItems(
        [searchItem({ id: uuidOf(1), number: 'F-1' })],
        '2026-03-05T00:01:00.000Z',
        a,
      );
      archive.transaction(() => archive.syncState.finishRun(a, '2026-03-05T00:02:00.000Z'));
      const b = run('2026-03-06T00:00:00.000Z');
      archive.upsertSearchItems(
        [
          searchItem({ id: uuidOf(2), number: 'F-2' }),
          searchItem({ id: uuidOf(3), number: 'F-3' }),
        ],
        '2026-03-06T00:01:00.000Z',
        b,
      );
      let list = archive.news(500);
      assert.deepEqual(
        list.groups.map((g) => g.key),
        [`run-${b}`, `run-${a}`],
        'newest first',
      );
      const older = list.groups[1]!.invoices.flatMap((i) => i.ids);
      assert.equal(archive.markNewsRead({ ids: older }, '2026-03-06T10:00:00.000Z'), 1);
      list = archive.news(500);
      assert.deepEqual(
        list.groups.map((g) => g.key),
        [`run-${b}`],
      );
      const newestShown = list.newestId!;
      // A change found after the list was read stays unread through "Tout marquer comme lu".
      archive.saveInvoiceSearchPage(
        {},
        { data: [searchItem({ id: uuidOf(4), number: 'F-4', code: '213' })], meta: {} },
        '2026-03-06T11:00:00.000Z',
      );
      assert.equal(archive.markNewsRead({ upToId: newestShown }, '2026-03-06T11:01:00.000Z'), 2);
      archive.close();
      archive = openArchive(dir, 'c1'); // kept in the file
      list = archive.news(500);
      assert.equal(list.unread, 2);
      assert.deepEqual(
        list.groups.map((g) => [g.key, g.invoices.map((i) => i.number)]),
        [['live', ['F-4']]],
      );
      // The page holds the newest only; the count says how many there are.
      const one = archive.news(1);
      assert.equal(one.shown, 1);
      assert.equal(one.unread, 2);
    } finally {
      archive.close();
    }
  });
});

describe('the words of the news', () => {
  test('one notification text per connection and sync, its counts grouped, most pressing first', () => {
    assert.equal(
      newsCountsText(counts({ new: 3, '213': 1 }), fr.news.counts, 'fr'),
      '1 facture rejetée, 3 nouvelles factures',
    );
    const text = newsNotificationText(
      {
        connectionId: 'c1',
        connectionName: 'Boulangerie Martin',
        counts: counts({ new: 1200, '213': 2, '212': 1 }),
      },
      'fr',
    );
    assert.equal(text.title, 'Invoice Desk : nouveautés');
    assert.equal(
      text.body,
      'Boulangerie Martin : 2 factures rejetées, 1 facture encaissée, 1\u202f200 nouvelles factures',
    );
    assert.equal(
      newsNotificationText(
        { connectionId: 'c1', connectionName: 'Dupuis', counts: counts({ '210': 1 }) },
        'en',
      ).body,
      'Dupuis: 1 invoice refused',
    );
  });
});
