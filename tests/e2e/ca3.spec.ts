// The "Déclaration de TVA" tab of Rapports (issue 18, item 3) over an archive holding the demo
// operator's invoices with their details (written before the host starts, as a sync would): the
// CA3 draft laid out like the form, each box's whole euros beside its exact amount equal to the
// return computed from the same archive, a box opening its invoices and one of them its panel by
// keyboard, line 22 entered and kept, the check against the entries, what is set aside; then the
// workbook downloaded and read back with openpyxl. Axe at 1366×768; screenshots at 1024×700 too.
import type { Ca3Report } from '#shared/ca3.ts';
import { boxOfReport } from '#shared/ca3-layout.ts';
import { wholeEuros } from '#shared/ca3.ts';
import { parsePeriod } from '#shared/report-period.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { dataRows, readXlsx, sheetNamed } from '#support/read-xlsx.ts';
import { filledArchive, temporaryFolder, test as base, expect } from './fixtures.ts';
import { SCREENSHOTS_DIR, keepScreenshot } from './pages/app-shell.ts';
import { expectAccessible } from './pages/axe.ts';
import { Ca3Page } from './pages/ca3-page.ts';
import { ExportControl } from './pages/export-control.ts';
import { ReportsPage } from './pages/reports-page.ts';
import { startUpWritten } from './pages/invoices-page.ts';
import { reportSourceOf } from '../support/report-source.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

const test = base.extend<{ downloads: string }>({
  // The active connection (demo-admin) has an archive with details before the app starts.
  // A tenth without details: the return names them with what they would change.
  dataDir: filledArchive('ca3', { seed: 18, invoices: 1500, now: NOW, detailShare: 0.9 }),
  downloads: temporaryFolder('invoice-desk-ca3-downloads-'),
});

test.use({ viewport: { width: 1366, height: 768 } });

/** The return the app computes from the same archive (read only: line 22 as kept). */
/** "1 facture", "2 factures": the count as the screen writes it (small counts, no separator). */
const invoicesText = (n: number): string => `${n} ${n > 1 ? 'factures' : 'facture'}`;

async function computed(dataDir: string, label: string): Promise<Ca3Report> {
  const archive = openArchive(dataDir, 'demo-admin');
  try {
    return (await computeReport(reportSourceOf(archive), 'ca3', parsePeriod(label), {
      now: NOW,
    })) as Ca3Report;
  } finally {
    archive.close();
  }
}

const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const whole = (cents: number) =>
  new Intl.NumberFormat('fr-FR', {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
  }).format(wholeEuros(cents));

test('the VAT return of a quarter laid out like the form, box by box, and its workbook', async ({
  app,
  page,
  downloads,
}) => {
  await startUpWritten(page);
  const reports = new ReportsPage(page);
  const ca3 = new Ca3Page(page);
  await reports.open();
  await ca3.tab.click();
  await expect(ca3.tab).toHaveAttribute('aria-selected', 'true');
  await reports.chooseQuarter('3ᵉ trimestre', 2026);
  await expect(reports.period).toContainText('Du 01/07/2026 au 30/09/2026');

  const report = await computed(app.dataDir, '2026-Q3');

  await test.step('every section of the form, each box with its whole and exact euros', async () => {
    for (const name of [
      'Opérations imposables (montants hors taxe)',
      'Opérations non imposables',
      'TVA brute',
      'TVA déductible',
      'Résultat',
    ])
      await expect(ca3.section(name)).toBeVisible();
    // A base box fills the base columns, a deductible box the tax ones.
    for (const code of ['A1', 'B2', 'E1', 'F2', '19', '20'] as const) {
      const { amountCents } = boxOfReport(report, code);
      const amounts = ['A1', 'B2', 'E1', 'F2'].includes(code)
        ? [whole(amountCents), euros(amountCents), '', '']
        : ['', '', whole(amountCents), euros(amountCents)];
      await expect(ca3.boxCells(code)).toHaveText([/\S/, ...amounts]);
    }
    const rate = boxOfReport(report, '08');
    await expect(ca3.boxCells('08')).toHaveText([
      'Taux normal 20 %',
      whole(rate.baseCents ?? 0),
      euros(rate.baseCents ?? 0),
      whole(rate.amountCents),
      euros(rate.amountCents),
    ]);
    await expect(ca3.boxCells('T6').first()).toHaveText(
      'Taux particulier 2,1 % (France métropolitaine)',
    );
    for (const code of ['16', '23'] as const)
      await expect(ca3.boxCells(code).nth(4)).toHaveText(
        euros(boxOfReport(report, code).amountCents),
      );
  });

  await test.step('the check against the entries', async () => {
    await expect(ca3.check).toContainText(
      report.reconciliation.differenceCents === 0
        ? 'Concorde avec les écritures'
        : `Écart avec les écritures : TVA collectée ${euros(report.reconciliation.collectedGapCents)}, TVA déductible ${euros(report.reconciliation.deductibleGapCents)} ; effet sur la TVA due : ${euros(report.reconciliation.netEffectCents)}`,
    );
  });

  await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/ca3-form.png`, fullPage: false });
  await expectAccessible(page, 'Rapports · Déclaration de TVA');

  await test.step('a box opens its invoices, and one of them its panel, by keyboard', async () => {
    const a1 = boxOfReport(report, 'A1');
    // Offline, the panel answers from the archive (the fixture's invoices are not the operator's).
    await reports.setWorkOffline(true);
    await expect(ca3.boxCells('A1').nth(2)).toHaveText(euros(a1.amountCents));
    await ca3.boxButton('A1').focus();
    await page.keyboard.press('Enter');
    await expect(ca3.boxButton('A1')).toHaveAttribute('aria-expanded', 'true');
    const list = ca3.boxList('A1');
    await expect(list).toBeVisible();
    await expect(
      page
        .getByText(
          invoicesText(new Set(a1.contributions.map((c) => c.invoiceId)).size) + ' dans la case A1',
        )
        .first(),
    ).toBeVisible();
    await expect(list).toContainText('Vente en France soumise à la TVA');
    // The rules behind the box, in full, with how many lines follow each.
    const sales = a1.contributions.filter((c) => c.rule === 'sale_taxable').length;
    await expect(page.getByRole('list', { name: 'Règle appliquée' })).toContainText(
      `Vente en France soumise à la TVA : base en A1, taxe sur la ligne de son taux (${sales})`,
    );
    await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/ca3-box-a1.png` });
    await expectAccessible(page, 'Rapports · Déclaration de TVA, case A1 ouverte');
    // The list's title has the focus; its first row, then the second by arrow, Enter.
    await expect(page.getByRole('heading', { name: /^Factures de la case A1/ })).toBeFocused();
    await list.getByRole('row').nth(1).focus();
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('row').nth(2)).toBeFocused();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: /^Facture / });
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await page.getByRole('button', { name: 'Fermer la liste' }).click();
    await expect(ca3.boxButton('A1')).toBeFocused();
    await expect(list).toBeHidden();
    // Opened again, Escape from inside the list closes it, back on its box.
    await page.keyboard.press('Enter');
    await expect(list).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(ca3.boxButton('A1')).toBeFocused();
  });

  await test.step('what is set aside: incomplete with what it would change, left out', async () => {
    expect(report.lacking.length).toBeGreaterThan(0);
    const first = report.lacking[0]!;
    await page.getByText(`Incomplètes · ${invoicesText(report.lacking.length)}`).click();
    const lacking = page.getByRole('table', { name: 'Incomplètes' });
    await expect(lacking).toBeVisible();
    const change = first.wouldChange[0]!;
    await expect(lacking).toContainText(
      `Détail non archivé · ${change.code} : ${euros(change.cents)}`,
    );
    await expect(page.getByText(`Écartées · ${invoicesText(report.leftOut.length)}`)).toBeVisible();
    await expectAccessible(page, 'Rapports · Déclaration de TVA, incomplètes ouvertes');
  });

  await test.step('line 22 entered, the result moves, and it is kept', async () => {
    await ca3.carried.fill('abc');
    await ca3.saveCarried.click();
    await expect(page.getByRole('alert')).toContainText('Saisissez un montant positif en euros');
    await ca3.carried.fill('1 500,00');
    await ca3.carried.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Report de crédit enregistré' }),
    ).toContainText(euros(150_000));
    await expect(ca3.boxCells('22').nth(4)).toHaveText(euros(150_000));
    await ca3.section('TVA déductible').scrollIntoViewIfNeeded();
    await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/ca3-line22.png` });
    const kept = await computed(app.dataDir, '2026-Q3');
    await expect(kept.carriedCreditCents).toBe(150_000);
    await expect(ca3.boxCells('23').nth(4)).toHaveText(euros(boxOfReport(kept, '23').amountCents));
    // Another tab and back: read again from the user-data file.
    await reports.tab('TVA').click();
    await ca3.tab.click();
    await expect(ca3.carried).toHaveValue('1 500,00');
  });

  await test.step('the workbook: the form, a sheet per box, read back with openpyxl', async () => {
    const kept = await computed(app.dataDir, '2026-Q3');
    const { path, fileName } = await new ExportControl(page).exportTo(downloads);
    expect(fileName).toMatch(/^ATELIERS DUVAL AGENCEMENT \d{9} Déclaration de TVA 2026-Q3\.xlsx$/);
    const book = readXlsx(path);
    const form = sheetNamed(book, 'Déclaration CA3');
    const line = (code: string) => form.rows.find((r) => r[0]?.v === code)!.map((c) => c.v);
    const a1 = boxOfReport(kept, 'A1');
    expect(line('A1').slice(2, 4)).toEqual([wholeEuros(a1.amountCents), a1.amountCents / 100]);
    const rate = boxOfReport(kept, '08');
    expect(line('08').slice(2, 6)).toEqual([
      wholeEuros(rate.baseCents ?? 0),
      (rate.baseCents ?? 0) / 100,
      wholeEuros(rate.amountCents),
      rate.amountCents / 100,
    ]);
    expect(line('22').slice(4, 6)).toEqual([1500, 1500]);
    expect(dataRows(sheetNamed(book, 'Case A1'))).toHaveLength(a1.contributions.length);
    expect(dataRows(sheetNamed(book, 'Case 20'))).toHaveLength(
      boxOfReport(kept, '20').contributions.length,
    );
    expect(book.sheets.at(-1)?.name).toBe('À propos');
  });
});

test('at 1024×700, in French, the form still reads', async ({ app, page }) => {
  void app;
  await page.setViewportSize({ width: 1024, height: 700 });
  const reports = new ReportsPage(page);
  const ca3 = new Ca3Page(page);
  await reports.open();
  // The fourth tab, reached by keyboard from the third.
  await reports.tab('Statuts').click();
  await page.keyboard.press('ArrowRight');
  await expect(ca3.tab).toBeFocused();
  await expect(ca3.tab).toHaveAttribute('aria-selected', 'true');
  await reports.chooseQuarter('3ᵉ trimestre', 2026);
  await expect(ca3.section('TVA brute')).toBeVisible();
  await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/ca3-form-1024.png` });
  await ca3.section('TVA déductible').scrollIntoViewIfNeeded();
  await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/ca3-deductible-1024.png` });
  await expectAccessible(page, 'Rapports · Déclaration de TVA à 1024×700', undefined, {
    contrastCheckedBy: 'Rapports · Déclaration de TVA',
  });
  // A year is no return's period: said, nothing computed.
  await reports.select('Type de période').selectOption({ label: 'Année' });
  await expect(
    page.getByText('Une déclaration de TVA couvre un mois ou un trimestre', { exact: false }),
  ).toBeVisible();
  await expect(ca3.section('TVA brute')).toBeHidden();
  await expect(reports.exportButton).toBeDisabled();
});

test.describe('in English', () => {
  test.use({ appEnv: { INVOICE_DESK_LANG: 'en' } });
  test('the VAT return speaks English: sections, box labels, the check', async ({ app, page }) => {
    void app;
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Reports' })
      .click();
    await page
      .getByRole('tablist', { name: 'Choose a report' })
      .getByRole('tab', { name: 'VAT return' })
      .click();
    const period = page.getByRole('group', { name: 'Period' });
    await period
      .getByRole('combobox', { name: 'Kind of period' })
      .selectOption({ label: 'Quarter' });
    await period
      .getByRole('combobox', { name: 'Quarter', exact: true })
      .selectOption({ label: 'Quarter 3' });
    await period.getByRole('combobox', { name: 'Year' }).selectOption('2026');
    for (const name of [
      'Taxable operations (amounts before tax)',
      'Gross VAT',
      'Deductible VAT',
      'Result',
    ])
      await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'See the invoices in box 08' })).toBeVisible();
    await expect(page.getByText('Standard rate 20 %')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Check against the entries' })).toContainText(
      /Agrees with the entries|Differs from the entries:/,
    );
    // Each invoice behind a difference is explained in English too, amounts as English writes them.
    const check = page.getByRole('region', { name: 'Check against the entries' });
    // The demo quarter has invoices due in another period than their entries.
    await expect(check.getByRole('listitem').first()).toContainText(
      /^Invoice .+ of \d{2}\/\d{2}\/\d{4}: /,
    );
    await expect(check).not.toContainText('Facture');
    await expect(check).toContainText(/(return|entries) €[\d,]+\.\d{2}/);
    await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/ca3-form-en.png` });
  });
});
