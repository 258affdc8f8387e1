// The return to file now and its deadline (issue 26, item 5): the legal due day of each kind of
// company, holidays (Easter-based ones too) and weekends moving it, the day decided in Paris time
// from an injected instant, declared periods skipped, and a change of period kind keeping the
// month (finding 6).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { monthPeriod, quarterPeriod, yearPeriod } from '#shared/report-period.ts';
import {
  ca3DueDay,
  easterSunday,
  isWorkingDay,
  publicHolidays,
  returnDeadline,
  returnDueNow,
  switchKind,
  type TaxProfile,
} from '#shared/tax-calendar.ts';

const parisCompany: TaxProfile = {
  regime: 'monthly',
  legalForm: 'company',
  department: '75',
  siren: '552100554', // 55: 00–68
  name: 'Démo SAS',
};

test('Easter Sunday follows the Gregorian computus', () => {
  assert.equal(easterSunday(2008), '2008-03-23');
  assert.equal(easterSunday(2024), '2024-03-31');
  assert.equal(easterSunday(2025), '2025-04-20');
  assert.equal(easterSunday(2026), '2026-04-05');
  assert.equal(easterSunday(2038), '2038-04-25');
});

test('the eleven public holidays of 2026, Easter Monday, Ascension and Whit Monday included', () => {
  assert.deepEqual(publicHolidays(2026), [
    '2026-01-01',
    '2026-04-06',
    '2026-05-01',
    '2026-05-08',
    '2026-05-14',
    '2026-05-25',
    '2026-07-14',
    '2026-08-15',
    '2026-11-01',
    '2026-11-11',
    '2026-12-25',
  ]);
  assert.equal(isWorkingDay('2026-11-11'), false); // Armistice, a Wednesday
  assert.equal(isWorkingDay('2026-11-21'), false); // a Saturday
  assert.equal(isWorkingDay('2026-11-19'), true);
});

test('the CA3 due day by department, legal form, SIREN and name (CGI annexe IV art. 39)', () => {
  const day = (p: Partial<TaxProfile>) => ca3DueDay({ ...parisCompany, ...p }).day;
  // Paris and 92 / 93 / 94: companies other than SA by the SIREN's first two digits.
  assert.equal(day({ siren: '682000000' }), 19);
  assert.equal(day({ department: '92', siren: '690000000' }), 20);
  assert.equal(day({ department: '93', siren: '780000000' }), 20);
  assert.equal(day({ department: '94', siren: '790000000' }), 21);
  // SA: 00–74 the 23rd, 75–99 the 24th; other legal persons the 24th.
  assert.equal(day({ legalForm: 'sa', siren: '740000000' }), 23);
  assert.equal(day({ legalForm: 'sa', siren: '750000000' }), 24);
  assert.equal(day({ legalForm: 'other' }), 24);
  // Individual businesses by the name's first letter, accents aside.
  assert.equal(day({ legalForm: 'individual', name: 'Hervé Martin' }), 15);
  assert.equal(day({ legalForm: 'individual', name: 'Élodie Vasseur' }), 15);
  assert.equal(day({ legalForm: 'individual', name: 'Isabelle Roux' }), 17);
  // Other departments.
  assert.equal(day({ department: '69', legalForm: 'individual', name: 'Bernard' }), 16);
  assert.equal(day({ department: '69', legalForm: 'individual', name: 'Zoé' }), 19);
  assert.equal(day({ department: '69', siren: '100000000' }), 21);
  assert.equal(day({ department: '2A', legalForm: 'sa' }), 24);
});

test('what the rule needs and the profile lacks gives the earliest day, and says so', () => {
  assert.deepEqual(ca3DueDay({ ...parisCompany, siren: null }), { day: 19, assumed: ['siren'] });
  assert.deepEqual(ca3DueDay({ ...parisCompany, department: null }), {
    day: 21,
    assumed: ['department'],
  });
  assert.deepEqual(ca3DueDay({ ...parisCompany, legalForm: 'individual', name: '' }), {
    day: 15,
    assumed: ['name'],
  });
});

test('a deadline on a weekend or a public holiday moves to the next working day', () => {
  // October 2026, Paris company 55…: Thursday 19 November.
  assert.equal(returnDeadline(monthPeriod(2026, 10), parisCompany), '2026-11-19');
  // Outside Paris the 21st: Saturday 21 November 2026 → Monday 23.
  const lyon = { ...parisCompany, department: '69' };
  assert.equal(returnDeadline(monthPeriod(2026, 10), lyon), '2026-11-23');
  // March 2025 outside Paris: the 21st of April 2025 is Easter Monday → Tuesday 22.
  assert.equal(returnDeadline(monthPeriod(2025, 3), lyon), '2025-04-22');
  // April 2026, SA outside Paris: Sunday 24 May, then Whit Monday 25 → Tuesday 26.
  assert.equal(returnDeadline(monthPeriod(2026, 4), { ...lyon, legalForm: 'sa' }), '2026-05-26');
  // A quarter: the month after it.
  assert.equal(
    returnDeadline(quarterPeriod(2026, 3), { ...parisCompany, regime: 'quarterly' }),
    '2026-10-19',
  );
});

test('the CA12 is due the second working day after 1 May of the next year (CGI 287-3)', () => {
  const simplified = { ...parisCompany, regime: 'simplified' as const };
  // 1 May 2026 a Friday: Monday 4, Tuesday 5.
  assert.equal(returnDeadline(yearPeriod(2025), simplified), '2026-05-05');
  // 1 May 2027 a Saturday: Monday 3, Tuesday 4.
  assert.equal(returnDeadline(yearPeriod(2026), simplified), '2027-05-04');
  // 1 May 2025 a Thursday: Friday 2, then Monday 5.
  assert.equal(returnDeadline(yearPeriod(2024), simplified), '2025-05-05');
});

test('the return due now: the last period over, late once its deadline passed', () => {
  const at = (iso: string) => returnDueNow(new Date(iso), parisCompany);
  const due = at('2026-11-10T09:00:00Z');
  assert.equal(due.period.label, '2026-10');
  assert.equal(due.form, 'ca3');
  assert.equal(due.deadline, '2026-11-19');
  assert.equal(due.state, 'due');
  assert.equal(due.daysLeft, 9);
  // 23:59:59 in Paris on the deadline is still on time; one second later it is late.
  assert.equal(at('2026-11-19T22:59:59Z').state, 'due');
  const late = at('2026-11-19T23:00:00Z');
  assert.equal(late.state, 'late');
  assert.equal(late.daysLeft, -1);
});

test('the day is Paris’s: 23:30 UTC on 30 November is already December there', () => {
  assert.equal(
    returnDueNow(new Date('2026-11-30T23:30:00Z'), parisCompany).period.label,
    '2026-11',
  );
  assert.equal(
    returnDueNow(new Date('2026-11-30T22:30:00Z'), parisCompany).period.label,
    '2026-10',
  );
});

test('quarterly and simplified regimes file their own periods', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const quarterly = returnDueNow(now, { ...parisCompany, regime: 'quarterly' });
  assert.equal(quarterly.period.label, '2026-Q3');
  assert.equal(quarterly.state, 'late');
  const simplified = returnDueNow(now, { ...parisCompany, regime: 'simplified' });
  assert.equal(simplified.period.label, '2025');
  assert.equal(simplified.form, 'ca12');
  assert.equal(simplified.deadline, '2026-05-05');
  assert.equal(simplified.dueDay, null);
});

test('a declared period gives way to the next, up to the one still running', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const declared = new Set(['2026-10']);
  const next = returnDueNow(now, parisCompany, (p) => declared.has(p.label));
  assert.equal(next.period.label, '2026-11');
  assert.equal(next.state, 'upcoming');
  assert.equal(next.deadline, '2026-12-21'); // Saturday 19 December → Monday 21
  declared.add('2026-11');
  assert.equal(returnDueNow(now, parisCompany, (p) => declared.has(p.label)).state, 'declared');
});

test('changing the period kind keeps the month (finding 6)', () => {
  const november = monthPeriod(2026, 11);
  const quarter = switchKind(november, 'quarter', '2026-11');
  assert.equal(quarter.label, '2026-Q4');
  assert.equal(switchKind(quarter, 'month', '2026-11').label, '2026-11');
  assert.equal(switchKind(yearPeriod(2026), 'month', '2026-11').label, '2026-11');
  // A month outside the period: its first month.
  assert.equal(switchKind(quarterPeriod(2026, 2), 'month', '2026-11').label, '2026-04');
});
