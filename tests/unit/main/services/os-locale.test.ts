// The interface language from the system: French unless the system asks for English; LANG=C,
// POSIX or nothing set names no language (Intl would say "en-US", which nobody chose).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { detectOsLocale, languageOfLocale } from '#main/services/os-locale.ts';
import { resolveLanguage } from '#main/handlers/index.ts';

const settings = {
  language: 'system',
  activeConnectionId: 'demo-admin',
  workOffline: false,
} as const;
/** What a system that names nothing reports anyway (ICU's default, Chromium's on Linux). */
const icuDefault = () => 'en-US';
const languageOf = (env: NodeJS.ProcessEnv, platform: NodeJS.Platform = 'linux') =>
  resolveLanguage(env, settings, detectOsLocale(env, platform, icuDefault)).language;

test('no usable system locale gives French', () => {
  assert.equal(languageOf({ LANG: 'C' }), 'fr');
  assert.equal(languageOf({ LANG: 'C.UTF-8' }), 'fr');
  assert.equal(languageOf({ LANG: 'POSIX' }), 'fr');
  assert.equal(languageOf({}), 'fr');
  assert.equal(languageOf({ LC_ALL: 'C' }), 'fr');
  assert.equal(languageOf({ LC_ALL: 'C', LANG: 'en_US.UTF-8' }), 'fr', 'LC_ALL overrides LANG');
  assert.equal(detectOsLocale({ LANG: 'C' }, 'linux', icuDefault), '');
  assert.equal(detectOsLocale({}, 'linux', icuDefault), '');
});

test('a system that asks for English gets English; French or any other language gets French', () => {
  assert.equal(languageOf({ LANG: 'en_US.UTF-8' }), 'en');
  assert.equal(languageOf({ LANG: 'en_GB' }), 'en');
  assert.equal(languageOf({ LC_MESSAGES: 'en_US.UTF-8', LANG: 'fr_FR.UTF-8' }), 'en');
  assert.equal(languageOf({ LANG: 'fr_FR.UTF-8' }), 'fr');
  assert.equal(languageOf({ LANG: 'de_DE.UTF-8' }), 'fr');
  assert.equal(detectOsLocale({ LANG: 'fr_FR.UTF-8@euro' }, 'linux', icuDefault), 'fr-FR');
});

test('on macOS and Windows, with no POSIX variable, the system locale reported decides', () => {
  assert.equal(languageOf({}, 'darwin'), 'en');
  assert.equal(
    detectOsLocale({}, 'win32', () => 'fr-FR'),
    'fr-FR',
  );
  assert.equal(
    detectOsLocale({ LANG: 'C' }, 'darwin', () => 'fr-FR'),
    '',
  );
});

test('languageOfLocale: only "en" asks for English', () => {
  assert.equal(languageOfLocale('en'), 'en');
  assert.equal(languageOfLocale('en-US'), 'en');
  assert.equal(languageOfLocale('fr-CA'), 'fr');
  assert.equal(languageOfLocale(''), 'fr');
  assert.equal(languageOfLocale('es-ES'), 'fr');
});
