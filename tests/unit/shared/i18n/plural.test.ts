// Texts that agree with a number: French writes 0 and 1 in the singular, English only 1.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { interpolate } from '#shared/i18n/interpolate.ts';
import { countText, pluralForm, type PluralForms } from '#shared/i18n/plural.ts';
import frFollowUp from '#shared/i18n/fr/follow-up.ts';
import enFollowUp from '#shared/i18n/en/follow-up.ts';
import frReports from '#shared/i18n/fr/reports.ts';
import enReports from '#shared/i18n/en/reports.ts';
import frPortfolio from '#shared/i18n/fr/portfolio.ts';
import enPortfolio from '#shared/i18n/en/portfolio.ts';
import frSyncRound from '#shared/i18n/fr/sync-round.ts';

test('French takes the singular for 0 and 1, the plural from 2', () => {
  const forms = frSyncRound.failures;
  assert.equal(pluralForm(forms, 0, 'fr-FR'), '{count} échec');
  assert.equal(pluralForm(forms, 1, 'fr-FR'), '{count} échec');
  assert.equal(pluralForm(forms, 1.5, 'fr-FR'), '{count} échec');
  assert.equal(pluralForm(forms, 2, 'fr-FR'), '{count} échecs');
  assert.equal(pluralForm(frPortfolio.shown, 1, 'fr-FR'), '{shown} dossier sur {count}');
  assert.equal(pluralForm(frPortfolio.shown, 12, 'fr-FR'), '{shown} dossiers sur {count}');
});

test('English takes the singular for 1 only', () => {
  const forms = { one: '{count} failure', other: '{count} failures' };
  assert.equal(pluralForm(forms, 0, 'en-GB'), '{count} failures');
  assert.equal(pluralForm(forms, 1, 'en-GB'), '{count} failure');
  assert.equal(pluralForm(forms, 2, 'en-GB'), '{count} failures');
  assert.equal(pluralForm(enPortfolio.shown, 1, 'en-GB'), '{shown} of {count} companies');
});

// On screen, tn() picks the form and fills {count}; these are the texts the user reads after
// ticking one invoice or two (follow-up and aging screens).
const said = (forms: PluralForms, count: number, locale: string, params = {}): string =>
  interpolate(pluralForm(forms, count, locale), { count, ...params });

test('screen outcomes agree with the number of invoices, in French and English', () => {
  const reopened = frFollowUp.exceptions.reopened;
  assert.equal(said(reopened, 1, 'fr-FR'), '1 facture rouverte.');
  assert.equal(said(reopened, 2, 'fr-FR'), '2 factures rouvertes.');
  const marked = frReports.aging.marked;
  assert.equal(
    said(marked, 1, 'fr-FR', { date: '02/11/2026' }),
    '1 facture marquée payée le 02/11/2026.',
  );
  assert.equal(
    said(marked, 2, 'fr-FR', { date: '02/11/2026' }),
    '2 factures marquées payées le 02/11/2026.',
  );
  assert.equal(said(enFollowUp.exceptions.reopened, 1, 'en-GB'), '1 invoice reopened.');
  assert.equal(said(enFollowUp.exceptions.reopened, 2, 'en-GB'), '2 invoices reopened.');
  // Several counts: each its own phrase, the sentence a template of them.
  const handled = (n: number) =>
    interpolate(frFollowUp.exceptions.counts, {
      open: 3,
      handled: said(frFollowUp.exceptions.handledCount, n, 'fr-FR'),
    });
  assert.equal(handled(1), '3 à traiter, 1 traitée');
  assert.equal(handled(2), '3 à traiter, 2 traitées');
});

test('a workbook text agrees with its number in the workbook’s language', () => {
  const pending = { fr: frReports.vat.pendingCount, en: enReports.vat.pendingCount };
  const dated = { fr: frReports.status.invoices, en: enReports.status.invoices };
  for (const [forms, count, language, expected] of [
    [pending.fr, 0, 'fr', '0 facture en attente d’encaissement, non comptée'],
    [pending.fr, 1, 'fr', '1 facture en attente d’encaissement, non comptée'],
    [pending.fr, 2, 'fr', '2 factures en attente d’encaissement, non comptées'],
    [pending.en, 0, 'en', '0 invoices awaiting payment, not counted'],
    [pending.en, 1, 'en', '1 invoice awaiting payment, not counted'],
    // The number as the language writes it.
    [dated.fr, 1200, 'fr', '1\u202f200 factures datées de la période'],
    [dated.en, 1200, 'en', '1,200 invoices dated in the period'],
  ] as const)
    assert.equal(countText(forms, count, language), expected, `${language} ${count}`);
});

test('no dictionary text leaves its agreement to the reader with “(s)”', async () => {
  const dir = fileURLToPath(new URL('../../../../src/shared/i18n/', import.meta.url));
  const texts = (node: unknown): string[] =>
    typeof node === 'string' ? [node] : Object.values(node as object).flatMap(texts);
  for (const language of ['fr', 'en'])
    for (const file of readdirSync(`${dir}${language}`).filter((f) => f.endsWith('.ts'))) {
      const all = texts((await import(`${dir}${language}/${file}`)).default);
      assert.deepEqual(
        all.filter((s) => /\w\((s|es|ies)\)/.test(s)),
        [],
        `${language}/${file}`,
      );
    }
});
