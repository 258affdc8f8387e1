// The keys saved live answers are found by (the write-through: offline, the same request reads
// back what was answered online). Any store keys its saved answers so.

/** The canonical key of a request: its parameters as JSON with sorted keys, absent ones left out. */
export function requestKey(params: Record<string, unknown>): string {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    if (value === undefined || value === '') continue;
    sorted[key] = Array.isArray(value) ? [...value].map(String).sort() : value;
  }
  return JSON.stringify(sorted);
}

/** The key of an invoice search page: its q, offset and limit (expand does not change which
 * invoices a page holds). */
export function invoiceSearchKey(params: { q?: string; offset?: number; limit?: number }): string {
  return requestKey({
    q: params.q?.trim() || undefined,
    offset: params.offset ?? 0,
    limit: params.limit ?? 50,
  });
}
