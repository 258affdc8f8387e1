// The demo statements (issue 29) and the matching measured against their truth: a year of the
// demo company's account in the three formats, read back by the parsers, matched to the demo
// invoices. Done when automatic matches are >= 99.5 % right and automatic plus suggested find
// >= 95 % of the true matches (the figures are printed as test diagnostics).
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import {
  demoStatementFiles,
  demoStatements,
  type DemoStatementSet,
} from '#main/services/bank/demo-statements.ts';
import { matchLines, type LineToMatch } from '#main/services/bank/matching.ts';
import { parseBankBytes } from '#main/services/bank/parse-statement.ts';

const START = Date.UTC(2026, 10, 20, 12);
let set: DemoStatementSet;
let files: { name: string; bytes: Uint8Array }[];
let lines: LineToMatch[];

before(() => {
  set = demoStatements(createDataset(42, 3000, { startMs: START }));
  files = demoStatementFiles(set);
  lines = files.flatMap((f) =>
    parseBankBytes(f.bytes).statements.flatMap((s) =>
      s.lines.map((l) => ({ ...l, id: l.bankRef! })),
    ),
  );
});

const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

describe('demo statements', () => {
  test('a year, month by month, in the three formats, each file read back whole', () => {
    assert.equal(set.statements.length, 12);
    assert.deepEqual(
      files.map((f) => f.name.replace(/^releve-\d{4}-\d{2}/, '')),
      [
        '.cfonb',
        '.camt053.xml',
        '.ofx',
        '.camt053.xml',
        '.ofx',
        '.cfonb',
        '.camt053.xml',
        '.ofx',
        '.camt053.xml',
        '.ofx',
        '.cfonb',
        '.camt053.xml',
      ],
    );
    assert.equal(lines.length, set.truth.size);
    assert.equal(
      new Set(lines.map((l) => l.id)).size,
      lines.length,
      'every line has its own bank reference',
    );
    for (const s of set.statements)
      assert.ok(s.lines.length > 50, `${s.closing!.day}: ${s.lines.length} lines`);
  });

  test('the same data set gives the same files', () => {
    const again = demoStatementFiles(demoStatements(createDataset(42, 3000, { startMs: START })));
    assert.deepEqual(again, files);
  });

  test('realistic lines: references or not, grouped and partial payments, fees and unrelated lines', () => {
    const truths = lines.map((l) => ({ line: l, pays: set.truth.get(l.id)! }));
    const paying = truths.filter((t) => t.pays.length > 0);
    const count = (p: (t: (typeof truths)[number]) => boolean): number => truths.filter(p).length;
    assert.ok(count((t) => t.pays.length > 1) >= 5, 'grouped payments');
    const paysOf = new Map<string, number>();
    for (const t of paying) for (const id of t.pays) paysOf.set(id, (paysOf.get(id) ?? 0) + 1);
    assert.ok([...paysOf.values()].filter((n) => n > 1).length >= 20, 'invoices paid in parts');
    assert.ok(
      count((t) => t.pays.length === 0 && /FRAIS|COMMISSION/.test(t.line.label)) >= 12,
      'bank fees',
    );
    assert.ok(count((t) => t.pays.length === 0) >= 100, 'unrelated lines');
    const numbers = new Map(set.invoices.map((i) => [i.id, i.number]));
    const withoutNumber = paying.filter(
      (t) =>
        !t.pays.some((id) =>
          `${t.line.label} ${t.line.remittance ?? ''}`.includes(numbers.get(id)!),
        ),
    );
    assert.ok(
      withoutNumber.length >= paying.length / 5,
      'a fifth of payments or more say no invoice number',
    );
  });

  test('matching against the truth: automatic >= 99.5 % right, automatic + suggested find >= 95 %', (t) => {
    const started = performance.now();
    const proposals = matchLines(lines, set.invoices);
    const ms = performance.now() - started;
    let auto = 0;
    let right = 0;
    let suggested = 0;
    let truths = 0;
    let found = 0;
    proposals.forEach((p, i) => {
      const truth = set.truth.get(lines[i]!.id)!;
      if (truth.length) truths += 1;
      if (p.state === 'auto') {
        auto += 1;
        const ok =
          truth.length > 0 &&
          sameSet(
            p.allocations.map((a) => a.invoiceId),
            truth,
          );
        if (ok) right += 1;
        if (ok) found += 1;
      } else if (p.state === 'suggested') {
        suggested += 1;
        if (
          truth.length &&
          p.candidates.some((c) =>
            sameSet(
              c.map((a) => a.invoiceId),
              truth,
            ),
          )
        )
          found += 1;
      }
    });
    const precision = right / auto;
    const recall = found / truths;
    t.diagnostic(
      `${lines.length} lines, ${set.invoices.length} invoices, ${truths} true matches: ${auto} automatic (${right} right, ${(precision * 100).toFixed(2)} %), ${suggested} suggested; found ${found} (${(recall * 100).toFixed(2)} %) in ${ms.toFixed(0)} ms`,
    );
    assert.ok(precision >= 0.995, `automatic matches right: ${precision}`);
    assert.ok(recall >= 0.95, `true matches found: ${recall}`);
  });
});
