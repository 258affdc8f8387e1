// One label for the platform's codes in every workbook (issue 27, item 7).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codeWords, codeWordsOf } from '#main/services/export/code-words.ts';

test('a state or a status code in the reader’s words; any other text as it is', () => {
  assert.equal(codeWords('NOT_DELIVERED', 'fr'), 'Non distribuée');
  assert.equal(codeWords('INVALID', 'fr'), 'Invalide');
  assert.equal(codeWords('WRONG_ROUTING', 'en'), 'Wrong routing');
  assert.equal(codeWords('210', 'fr'), '210 · Refusée');
  assert.equal(codeWords('USD, sans TVA en euros', 'fr'), 'USD, sans TVA en euros');
  assert.equal(codeWordsOf(null, 'fr'), undefined);
});
