// The system's language as the user set it, and the interface language it gives. French is the
// default (the app is for French accountants): only a system that asks for English gets English;
// one that names no language (LANG=C, POSIX, or nothing set on Linux) gets French.
import type { Language } from '#shared/contract.ts';

/** "C" and "POSIX" are the absence of a locale, not a language. */
const NO_LOCALE = new Set(['C', 'POSIX']);

/**
 * The user's locale as a BCP 47 tag ("fr-FR"), or '' when the system names none. The POSIX
 * variables come first, in the C library's order (LC_ALL, LC_MESSAGES, LANG): the first one set
 * decides. With none set, macOS and Windows still have a system locale (`reported`: Electron's,
 * else Intl's); elsewhere Intl's answer would be ICU's built-in "en-US", which nobody chose.
 */
export function detectOsLocale(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
  reported: () => string = () => Intl.DateTimeFormat().resolvedOptions().locale,
): string {
  const posix = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v?.trim());
  if (posix !== undefined) {
    const name = posix.trim().split(/[.@]/)[0]!;
    return NO_LOCALE.has(name) || name === '' ? '' : name.replace('_', '-');
  }
  if (platform === 'darwin' || platform === 'win32') return reported();
  return '';
}

/** The interface language of a locale: English when it asks for English, else French. */
export function languageOfLocale(locale: string): Language {
  return /^en(?:$|[-_])/i.test(locale.trim()) ? 'en' : 'fr';
}
