// The VAT return draft (3310-CA3): the Reports tab "VAT return", its workbook and the CLI.
import type fr from '../fr/ca3.ts';
import type { Translation } from '../translation.ts';

export default {
  tab: 'VAT return',
  name: 'VAT return',
  intro:
    'Draft of the 3310-CA3 return, box by box, computed from the archive and your accounting settings. Copy the whole-euro amounts to the form.',
  periodNeeded:
    'A VAT return covers a month or a quarter: choose “Month” or “Quarter” as the period.',
  sections: {
    taxable: 'Taxable operations (amounts before tax)',
    nonTaxable: 'Non-taxable operations',
    gross: 'Gross VAT',
    deductible: 'Deductible VAT',
    result: 'Result',
  },
  boxes: {
    A1: 'Sales, services',
    A2: 'Other taxable operations',
    A3: 'Services bought from a taxable person not established in France (article 283-2 CGI)',
    A4: 'Imports',
    B2: 'Intra-EU acquisitions',
    B4: 'Goods or services bought from a taxable person not established in France (article 283-1 CGI)',
    E1: 'Exports outside the EU',
    E2: 'Other non-taxable operations',
    F2: 'Intra-EU deliveries to a taxable person',
    '08': 'Standard rate 20 %',
    '9B': 'Reduced rate 10 %',
    '09': 'Reduced rate 5.5 %',
    T6: 'Special rate 2.1 % (mainland France)',
    '16': 'Total gross VAT due',
    '17': 'Of which VAT on intra-EU acquisitions',
    '19': 'Fixed assets',
    '20': 'Other goods and services',
    '21': 'Other VAT to deduct',
    '22': 'Credit carried from line 27 of the previous return',
    '23': 'Total deductible VAT',
    TD: 'VAT due (line 16 − line 23)',
    '25': 'VAT credit (line 23 − line 16)',
    '27': 'Credit to carry forward',
    '28': 'Net VAT due',
  },
  columns: {
    code: 'Box',
    label: 'Label',
    base: 'Base before tax',
    tax: 'Tax',
    amount: 'Amount',
    form: 'On the form (€)',
    exact: 'Exact amount',
    baseForm: 'Base on the form (€)',
    baseExact: 'Exact base',
    taxForm: 'Tax on the form (€)',
    taxExact: 'Exact tax',
    invoices: 'Invoices',
    dueDay: 'VAT due on',
    rule: 'Rule applied',
    creditNote: 'Credit note',
    reason: 'Reason',
    wouldChange: 'Would change',
  },
  rules: {
    sale_taxable: 'Sale in France subject to VAT: base in A1, tax on its rate line',
    sale_vat_on_payment: 'VAT due on payment: counted in the period of its 212 "Paid" status',
    sale_intra_eu: 'Intra-EU delivery (category K): line F2',
    sale_export: 'Export outside the EU (category G): line E1',
    sale_exempt: 'Exempt or non-taxable operation in France: line E2',
    purchase_deductible: 'Purchase of goods or services: deductible VAT on line 20',
    purchase_deductible_on_payment:
      'Deductible VAT due on payment: counted in the period of its 212 "Paid" status',
    purchase_fixed_asset: 'Fixed asset (the supplier’s 2xx account): deductible VAT on line 19',
    reverse_charge_services:
      'Reverse charge, services from a supplier not established in France: base A3, VAT at the French rate due and deducted on line 20',
    reverse_charge_intra_eu_goods:
      'Reverse charge, goods from an EU supplier: base B2, VAT at the French rate due (line 17 included) and deducted on line 20 or 19',
    reverse_charge_other:
      'Reverse charge, other purchase from a supplier not established in France: base B4, VAT at the French rate due and deducted on line 20',
    reverse_charge_domestic:
      'Reverse charge from a supplier established in France (construction subcontracting, CGI art. 283-2 nonies): base A2, VAT due and deducted on line 20',
    credit_note: 'Credit note: reduces the boxes its invoice fills',
  },
  computed: 'Computed from the other boxes: no invoice behind it.',
  carried: {
    label: 'Credit carried from the previous return (line 22), in euros',
    hint: 'The amount on line 27 of your previous return. It is kept for this period.',
    save: 'Save the carried credit',
    saved: 'Carried credit saved: {amount}.',
    invalid: 'Enter a positive amount in euros, for example 1,250.00.',
  },
  boxInvoices: 'Invoices in box {code}',
  boxInvoicesCount: {
    one: '{count} invoice in box {code}',
    other: '{count} invoices in box {code}',
  },
  open: 'See the invoices in box {code}',
  close: 'Close the list',
  noInvoices: 'No invoice in this box for the period.',
  aside: {
    held: 'On hold',
    heldHint: 'Disputed (207) or suspended (208): they do not count until you decide.',
    lacking: 'Incomplete',
    lackingHint:
      'No archived details, a foreign currency or inconsistent totals: they do not count. "Would change" says what they would add.',
    leftOut: 'Left out',
    leftOutHint: 'Refused (210), rejected (213), invalid or duplicated: they count nowhere.',
    none: 'None.',
    count: { one: '{count} invoice', other: '{count} invoices' },
    reasons: {
      disputed: 'Disputed (207)',
      suspended: 'Suspended (208)',
      no_details: 'Details not archived',
      foreign_currency: 'Currency other than the euro',
      totals_mismatch: 'Inconsistent totals',
      other_rate:
        'A rate with no mainland line on the form (overseas departments, Corsica: lines 10, 11 or annex 3310-A)',
    },
    change: '{code}: {amount}',
  },
  check: {
    title: 'Check against the entries',
    agrees: 'Agrees with the entries',
    differs:
      'Differs from the entries: collected VAT {collected}, deductible VAT {deductible}; effect on the VAT due: {net}',
    collected: 'Collected VAT',
    deductible: 'Deductible VAT',
    inReturn: 'Return',
    inEntries: 'Entries',
    difference: 'Difference',
    explanations: 'Explanations',
    sentence: '{invoice}: {why} ({sides}).',
    invoice: 'Invoice {number}{party} of {date}',
    party: ' ({name})',
    sideSeparator: '; ',
    side: {
      collected: 'collected VAT: return {inReturn}, entries {inEntries}',
      deductible: 'deductible VAT: return {inReturn}, entries {inEntries}',
    },
    basis: {
      invoice_date: ' (on the invoice date)',
      delivery_date: ' (on delivery)',
      payment_date: ' (on payment)',
      intra_eu: ' (goods between member states: the 15th of the month after delivery)',
    },
    why: {
      other_rate:
        'a rate with no mainland line on the return (lines 10 / 11 or annex 3310-A): left out of the return, posted in the entries',
      due_outside:
        'VAT due on {dueDay}{basis}, outside the period: in the entries of its date, not in the return',
      due_inside:
        'VAT due on {dueDay}{basis}, within the period: in the return, its entries are at its date',
      reverse_charge_unpaid:
        'self-assessed VAT due on payment, not paid yet (no 212 status in the period): in the entries of its date, not in the return',
      counted_differently: 'the return and the entries do not count it the same way',
    },
  },
  workbook: {
    sheets: {
      form: 'CA3 return',
      box: 'Box {code}',
      aside: 'On hold and incomplete',
      leftOut: 'Left out',
      check: 'Check with entries',
    },
    title: 'VAT return (CA3) · {period}',
    company: 'Company',
    formNote:
      'Amounts "on the form" are rounded to the nearest euro, as the notice asks; exact amounts are to the cent. Each box filled by invoices has its own "Box …" sheet.',
    kind: 'List',
  },
  // "Declared" (issue 26, item 6).
  declared: {
    title: 'Return filed',
    deadline: 'To file by {day}.',
    late: 'Late: it was due on {day}.',
    day: 'Filed on',
    amount: 'Amount declared (€, negative for a credit)',
    mark: 'Mark as declared',
    amountInvalid: 'An amount in euros, e.g. 1,234.56 or -120.00.',
    done: 'Declared on {day} for {amount}, by {by}.',
    unchanged: 'Nothing changed in the archive since: the figures are those declared.',
    changed: {
      one: '{count} invoice changed since the return was filed:',
      other: '{count} invoices changed since the return was filed:',
    },
    changesCaption: 'What changed since the return was filed',
    invoice: 'Invoice',
    what: 'Change',
    boxes: 'Boxes (declared → today)',
    cell: '{code}: {declared} → {now}',
    kinds: { added: 'added', removed: 'removed', changed: 'changed' },
    undo: 'Undo the declaration',
    // On the firm's archive (issue 30), where another workstation may have recorded it.
    doneShared: 'Declared on {day} for {amount}, by {by} (recorded on {at}).',
  },
} as const satisfies Translation<typeof fr>;
