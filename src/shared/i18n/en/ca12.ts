// The simplified regime's annual return (3517-S CA12, issue 26 item 4).
import type fr from '../fr/ca12.ts';
import type { Translation } from '../translation.ts';

export default {
  name: 'Annual VAT return CA12',
  title: 'Annual VAT return (CA12) · {year}',
  intro:
    'Draft of the simplified regime’s 3517-S CA12 return, line by line: the whole year computed with the CA3’s rules, then the two instalments paid. Copy the whole euros onto the form.',
  yearNeeded:
    'Under the simplified regime, the return covers the calendar year: choose “Year” in the period.',
  sections: {
    nonTaxable: 'Non-taxable operations',
    gross: 'Gross VAT',
    deductible: 'Deductible VAT',
    result: 'Net VAT',
    settlement: 'Instalments and balance',
  },
  lines: {
    '02': 'Exports outside the EU',
    '03': 'Other non-taxable operations',
    '04': 'Intra-EU deliveries',
    '08': 'Standard rate 20 %',
    '9B': 'Reduced rate 10 %',
    '09': 'Reduced rate 5.5 %',
    T6: 'Special rate 2.1 % (mainland France)',
    '16': 'Total gross VAT due',
    '17': 'Of which VAT on intra-EU acquisitions',
    '20': 'Fixed assets',
    '21': 'Other goods and services',
    '22': 'Other VAT to deduct',
    '24': 'Earlier credit neither used nor refunded',
    '26': 'Total deductible VAT',
    '28': 'VAT due (line 16 − line 26)',
    '29': 'VAT credit (line 26 − line 16)',
    '30': 'Instalments paid (July and December)',
    '33': 'Balance to pay (line 28 − line 30)',
    '34': 'Overpaid (line 30 − line 28)',
    '57': 'Base of next year’s instalments (VAT due before deducting fixed assets)',
  },
  fromCa3: 'CA3 boxes: {codes}',
  instalments: {
    title: 'The year’s instalments',
    july: 'July instalment (55 %)',
    december: 'December instalment (40 %)',
    base: 'Base: VAT due in {year} before deducting fixed assets (line 57), {amount}',
    fromInvoices: { one: 'computed from {count} invoice', other: 'computed from {count} invoices' },
    exempt: 'No instalment: the {year} base ({amount}) is under 1,000 €.',
    unknown: 'The archive holds no invoice of {year}: no instalment is computed.',
  },
  workbook: {
    sheets: { form: 'CA12 return' },
    formNote:
      'Amounts “on the form” are rounded to the euro; the totals add the rounded lines, as the form does. Each line’s invoices are on the “Box …” sheets of the CA3 boxes named.',
    from: 'CA3 boxes',
  },
} as const satisfies Translation<typeof fr>;
