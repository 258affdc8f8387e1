// The directory screen's search: the simple fields, the raw q expression that follows them, the
// page and the last answer (see search.svelte.ts).
import type { DirectorySearchArgs } from '#shared/contract.ts';
import {
  directoryQueryFromText,
  parseDirectoryQuery,
  type NameMatch,
} from '#shared/query/directory-query.ts';
import { Search } from './search.svelte.ts';

export const DIRECTORY_PAGE_SIZES = [20, 50, 100] as const;

class DirectorySearch extends Search<'directory:search'> {
  text = $state('');
  match = $state<NameMatch>('prefix');
  /** The raw expression: follows the simple fields, and can be edited by hand. */
  q = $state('');
  /** True when q was edited into something the simple fields cannot show. */
  custom = $state(false);
  advancedOpen = $state(false);

  constructor() {
    super('directory:search');
  }

  /** A new connection: the page on screen belongs to the old one, search again from the start. */
  protected override whenConnectionChanges(): DirectorySearchArgs | null {
    return this.request && { ...this.request, offset: 0 };
  }

  /** The simple fields changed: rewrite q from them. */
  fieldsChanged(): void {
    this.q = directoryQueryFromText(this.text, this.match) ?? '';
    this.custom = false;
  }

  /** q was edited by hand: show it in the simple fields when they can say it. */
  queryChanged(): void {
    const parts = parseDirectoryQuery(this.q);
    this.custom = this.q.trim() !== '' && parts === null;
    if (parts) {
      this.text = parts.value;
      this.match = parts.match;
    }
  }

  /** Searches q from the first page, keeping the page size. */
  submit(): void {
    void this.run({
      q: this.q.trim(),
      offset: 0,
      limit: this.request?.limit ?? DIRECTORY_PAGE_SIZES[0],
    });
  }

  page(offset: number, limit: number): Promise<boolean> {
    if (!this.request) return Promise.resolve(false);
    return this.run({ q: this.request.q, offset, limit });
  }
}

export const directory = new DirectorySearch();
