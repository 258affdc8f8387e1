// Texts that agree with a number: French writes 0 and 1 in the singular, English only 1.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pluralForm } from '#shared/i18n/plural.ts';
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
