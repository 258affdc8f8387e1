import type fr from '../fr/portfolio.ts';
import type { Translation } from '../translation.ts';

export default {
  title: 'Portfolio',
  intro:
    'Every client company, read from its archive (offline too): invoices issued and received this month, what waits for action (statuses, unpaid past due, third parties to map) and the VAT of the return to file, with its deadline.',
  tableLabel: 'Client companies',
  filter: 'Filter the companies',
  filterHint: 'Name or SIREN',
  onlyToAct: 'Only companies with something to act on',
  shown: { one: '{shown} of {count} companies', other: '{shown} of {count} companies' },
  empty: 'No company matches the filter.',
  never: 'Never synced',
  neverShort: 'Never',
  complete: 'complete',
  partial: 'partial',
  noArchive: 'No archive yet: sync this company.',
  computing: 'Being computed',
  unreadable: 'Archive unreadable',
  columns: {
    company: 'Company',
    lastSync: 'Last sync',
    issued: 'Issued',
    received: 'Received',
    code213: 'Rejected',
    code210: 'Refused',
    code207: 'Disputed',
    code208: 'Suspended',
    pastDue: 'Past due',
    toMap: 'Third parties to map',
    vat: 'VAT to declare',
    bank: 'Bank',
  },
  // The bank column's second line: the suggestions to confirm, short.
  bankSuggestedShort: '{count} sugg.',
  // Under the amount, on the cell's second line.
  vatDue: 'to pay',
  vatCredit: 'credit',
  open: {
    issued: {
      one: '{company}: {count} invoice issued this month',
      other: '{company}: the {count} invoices issued this month',
    },
    received: {
      one: '{company}: {count} invoice received this month',
      other: '{company}: the {count} invoices received this month',
    },
    code213: {
      one: '{company}: {count} rejected invoice',
      other: '{company}: the {count} rejected invoices',
    },
    code210: {
      one: '{company}: {count} refused invoice',
      other: '{company}: the {count} refused invoices',
    },
    code207: {
      one: '{company}: {count} disputed invoice',
      other: '{company}: the {count} disputed invoices',
    },
    code208: {
      one: '{company}: {count} suspended invoice',
      other: '{company}: the {count} suspended invoices',
    },
    pastDue: {
      one: '{company}: the aging report, {count} unpaid invoice past due',
      other: '{company}: the aging report, {count} unpaid invoices past due',
    },
    toMap: {
      one: '{company}: {count} third party to map',
      other: '{company}: the {count} third parties to map',
    },
    vat: '{company}: the VAT return of the month, {amount}',
    vatReturn: '{company}: the VAT return of {period}, {amount}, {deadline}',
    bankUnmatched: {
      one: '{company}: {count} bank line unmatched, to decide',
      other: '{company}: the {count} bank lines unmatched, to decide',
    },
    bankSuggested: {
      one: '{company}: {count} bank line with a suggestion to confirm',
      other: '{company}: the {count} bank lines with a suggestion to confirm',
    },
  },
  quarterName: 'Q{n} {year}',
  deadlineShort: {
    upcoming: 'by {day}',
    due: 'by {day}',
    late: 'late ({day})',
    declared: 'declared',
  },
  // The return's deadline (issue 26), on the VAT cell's last line.
  deadline: {
    upcoming: 'to file by {day}',
    due: 'to file by {day}',
    late: 'late: due {day}',
    declared: 'declared',
  },
  // Issue 27, item 2: a connection whose syncs fail, or figures not to be read as final.
  failing: 'Failing',
  nextTry: 'next try {date}',
  failingTitle: 'Sync failing ({count} times): {reason} Next try {date}.',
  noFigures: 'No figures: nothing synced for this company yet',
  partialFigures: 'partial figures',
  partialFiguresTitle:
    'A sync is under way or stopped before its end: these figures will change once it is done.',
  partialSuffix: ' (partial figure, sync unfinished)',
  openFailed: 'Could not open this company',
} as const satisfies Translation<typeof fr>;
