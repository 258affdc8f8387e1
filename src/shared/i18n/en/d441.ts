// The table of overdue invoices of the management report (French Commercial Code art. D441-6).
import type fr from '../fr/d441.ts';
import type { Translation } from '../translation.ts';

export default {
  name: 'Payment terms D441-6',
  title: 'Invoices received and issued, unpaid at the closing date and past due',
  legal: 'Article D. 441-6 of the French Commercial Code (annexes 4-1 and A-1)',
  closing: 'Closing date',
  yearFrom: 'Financial year from',
  export: 'D441-6 table (Excel)',
  exportHint:
    'The legal table of invoices past due and unpaid on {date}, for the management report.',
  received: 'Article D. 441 I.-1°: invoices received, unpaid and past due',
  issued: 'Article D. 441 I.-2°: invoices issued, unpaid and past due',
  sectionA: '(A) Lateness bands',
  bands: {
    days_1_30: '1 to 30 days',
    days_31_60: '31 to 60 days',
    days_61_90: '61 to 90 days',
    over_90: '91 days and more',
  },
  total: 'Total (1 day and more)',
  invoices: 'Number of invoices',
  amount: 'Total amount of the invoices (incl. VAT)',
  sharePurchases: 'Share of the year’s purchases (excl. VAT)',
  shareTurnover: 'Share of the year’s turnover (excl. VAT)',
  yearPurchases: 'Purchases of the year (excl. VAT)',
  yearTurnover: 'Turnover of the year (excl. VAT)',
  sectionB: '(B) Invoices left out of (A): disputed debts and receivables',
  excludedInvoices: 'Number of invoices left out (last status 207 “Disputed”)',
  excludedAmount: 'Total amount of the invoices left out (incl. VAT)',
  sectionC: '(C) Reference payment terms used',
  terms:
    'Contractual terms: the due date on the invoice (BT-9), else the invoice date (payment on receipt).',
  rule: 'Amount: left to pay on the closing day (amount to pay, less the partial payments matched to a bank statement and the credit notes allocated). Invoices in euros; refused or rejected invoices left out.',
  otherCurrency: {
    one: '{count} past due invoice in another currency than the euro is not in the table.',
    other: '{count} past due invoices in other currencies than the euro are not in the table.',
  },
  sheet: 'D441-6 table',
} as const satisfies Translation<typeof fr>;
