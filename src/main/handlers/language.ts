// The language the app shows (the screens, the exports' words, the third parties' file name).
import type { Language, Settings } from '#shared/contract.ts';
import { languageOfLocale } from '../services/os-locale.ts';

/** The language to show: INVOICE_DESK_LANG forces it, else the settings, else the OS locale
 * (French unless it asks for English). */
export function resolveLanguage(
  env: NodeJS.ProcessEnv,
  settings: Settings,
  osLocale: string,
): { language: Language; forced: boolean } {
  const forced = env.INVOICE_DESK_LANG?.trim().toLowerCase();
  if (forced === 'fr' || forced === 'en') return { language: forced, forced: true };
  if (settings.language !== 'system') return { language: settings.language, forced: false };
  return { language: languageOfLocale(osLocale), forced: false };
}
