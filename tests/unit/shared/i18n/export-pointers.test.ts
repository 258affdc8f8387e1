// The live export's "À propos" sheet sends the user to the archive for a complete export: its
// words must name the way there as the screens name it (menu, mode, buttons), in both languages.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import frArchive from '#shared/i18n/fr/archive.ts';
import frCommon from '#shared/i18n/fr/common.ts';
import frExports from '#shared/i18n/fr/exports.ts';
import enArchive from '#shared/i18n/en/archive.ts';
import enCommon from '#shared/i18n/en/common.ts';
import enExports from '#shared/i18n/en/exports.ts';

const languages = [
  { name: 'fr', archive: frArchive, common: frCommon, exports: frExports, quote: ['« ', ' »'] },
  { name: 'en', archive: enArchive, common: enCommon, exports: enExports, quote: ['“', '”'] },
] as const;

for (const { name, archive, common, exports, quote } of languages) {
  test(`${name}: a cut live export says where the archive's "Export to Excel" is`, () => {
    const text = exports.about.liveCut;
    const [open, close] = quote;
    assert.ok(text.includes(`${common.nav.invoices} › ${archive.mode.archive}`), text);
    assert.ok(text.includes(`${open}${archive.sync.start}${close}`), text);
    assert.ok(text.includes(`${open}${exports.button}${close}`), text);
  });
}
