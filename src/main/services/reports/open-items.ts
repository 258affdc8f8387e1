// The aged balance's open items (issue 29, item 3): what an invoice still owes on a day is its
// amount to pay less the parts the bank paid by then, less the credit notes allocated to it.
// A credit note reduces the invoice it references (BT-25) first, then its counterparty's oldest
// open items; what no open item takes stays a credit (a negative line). The rules are in
// docs/aged-balance.md. Pure: the caller reads the parts and the references.

/** A part paid: the day the money moved and how much of the invoice it paid, in cents. */
export interface PaidPart {
  day: string;
  cents: number;
}

/** What of `parts` was paid on or before `asOf`. */
export function paidBy(parts: readonly PaidPart[] | undefined, asOf: string): number {
  let cents = 0;
  for (const part of parts ?? []) if (part.day <= asOf) cents += part.cents;
  return cents;
}

/** One open item as the allocation reads it. `amountCents` is signed (a credit note is
 * negative) and is what the allocation changes. */
export interface OpenItem {
  id: string;
  /** Items of one group (direction, currency, counterparty) meet each other, no others. */
  group: string;
  number: string | null;
  /** The invoice date, for "oldest first". */
  dated: string;
  dueOn: string;
  amountCents: number;
  /** On a credit note: the number of the invoice it credits, when it names one. */
  credits?: string | null;
  creditedCents?: number;
}

/** One credit note's amount put on one invoice. */
export interface CreditAllocation {
  creditNoteId: string;
  invoiceId: string;
  cents: number;
}

const oldestFirst = (a: OpenItem, b: OpenItem): number =>
  a.dated.localeCompare(b.dated) ||
  a.dueOn.localeCompare(b.dueOn) ||
  (a.number ?? '').localeCompare(b.number ?? '') ||
  a.id.localeCompare(b.id);

/** Allocates each group's credit notes to its invoices, in place: invoices' and credit notes'
 * `amountCents` move toward 0 and their `creditedCents` say by how much. Returns the
 * allocations, credit notes oldest first. */
export function allocateCredits(items: readonly OpenItem[]): CreditAllocation[] {
  const groups = new Map<string, OpenItem[]>();
  for (const item of items) {
    const group = groups.get(item.group);
    if (group) group.push(item);
    else groups.set(item.group, [item]);
  }
  const allocations: CreditAllocation[] = [];
  for (const group of groups.values()) {
    const credits = group.filter((i) => i.amountCents < 0).sort(oldestFirst);
    if (credits.length === 0) continue;
    const open = group.filter((i) => i.amountCents > 0).sort(oldestFirst);
    for (const credit of credits) {
      const referenced = credit.credits ? open.filter((i) => i.number === credit.credits) : [];
      for (const invoice of [...referenced, ...open]) {
        if (credit.amountCents === 0) break;
        const cents = Math.min(invoice.amountCents, -credit.amountCents);
        if (cents <= 0) continue;
        invoice.amountCents -= cents;
        invoice.creditedCents = (invoice.creditedCents ?? 0) + cents;
        credit.amountCents += cents;
        credit.creditedCents = (credit.creditedCents ?? 0) + cents;
        allocations.push({ creditNoteId: credit.id, invoiceId: invoice.id, cents });
      }
    }
  }
  return allocations;
}
