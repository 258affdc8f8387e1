// A VAT return's amounts, kept in cents, as the reports' screens write them: exact (euros and
// cents) and whole (the whole euros the form takes, rounded as the form rounds).
import { wholeEuros } from '#shared/ca3.ts';
import { formatAmount, formatNumber } from '../../format.ts';

export const exact = (cents: number): string => formatAmount(cents / 100, 'EUR');

export const whole = (cents: number): string =>
  formatNumber(wholeEuros(cents), undefined, {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
  });
