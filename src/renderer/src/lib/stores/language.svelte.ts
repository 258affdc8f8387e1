// The language shown now: a rune, so that every t() / format call in a template re-renders when it
// changes. Set from app:info at start-up and after settings:update.
import type { Language } from '#shared/contract.ts';

let current = $state<Language>('fr');

export const language = {
  get current(): Language {
    return current;
  },
  set(next: Language): void {
    current = next;
    if (typeof document !== 'undefined') document.documentElement.lang = next;
  },
};
