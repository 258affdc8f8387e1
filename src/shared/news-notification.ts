// The words of a news notification, one per connection and sync: the same text whether the
// Electron shell shows it from main (platform/news-notifications.ts) or the browser host's page
// shows it (the renderer's news store).
import type { Language } from './contract.ts';
import { interpolate } from './i18n/interpolate.ts';
import fr from './i18n/fr/follow-up.ts';
import en from './i18n/en/follow-up.ts';
import { newsCountsText, type NewsFound } from './news.ts';

const WORDS = { fr: fr.news, en: en.news } as const;

/** "Invoice Desk : nouveautés" / "Cabinet Martin : 1 facture rejetée, 3 nouvelles factures". */
export function newsNotificationText(
  found: NewsFound,
  language: Language,
): { title: string; body: string } {
  const words = WORDS[language];
  const counts = newsCountsText(found.counts, words.counts, language);
  return {
    title: words.notification.title,
    body: interpolate(words.notification.body, { connection: found.connectionName, counts }),
  };
}
