// The participants screen's search: the text, the page and the last answer (see
// search.svelte.ts). Other screens hand a search over with searchSiren() before showing it.
import type { ParticipantSearchArgs } from '#shared/contract.ts';
import { Search } from './search.svelte.ts';

export const PARTICIPANTS_PAGE_SIZE = 20;

class ParticipantSearch extends Search<'participants:search'> {
  text = $state('');
  /** The SIREN handed over by the directory, while the text is still that SIREN. */
  handedSiren = $state<string | null>(null);

  constructor() {
    super('participants:search');
  }

  /** A new connection (e.g. an admin one chosen after the explanation): search again. */
  protected override whenConnectionChanges(): ParticipantSearchArgs | null {
    return this.request && { ...this.request, offset: 0 };
  }

  /** Searches the text from the first page. */
  submit(): void {
    const value = this.text.trim();
    if (this.handedSiren !== value) this.handedSiren = null;
    void this.run({ value, offset: 0, limit: PARTICIPANTS_PAGE_SIZE });
  }

  /** "Rechercher dans les participants" from the directory. */
  searchSiren(siren: string): void {
    this.text = siren;
    this.handedSiren = siren;
    void this.run({ value: siren, offset: 0, limit: PARTICIPANTS_PAGE_SIZE });
  }

  page(offset: number): Promise<boolean> {
    if (!this.request) return Promise.resolve(false);
    return this.run({ ...this.request, offset: Math.max(0, offset) });
  }
}

export const participants = new ParticipantSearch();
