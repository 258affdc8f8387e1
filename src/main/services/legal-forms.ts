// The legal forms a company's name carries beside its own words ("DUPONT SARL", "ACME GmbH"),
// in capitals without dots: the third parties' memory (accounting/third-parties.ts) and the
// bank matching (bank/match-text.ts) both leave them out of a name. One list, so a form added
// for one is not forgotten by the other; the memory also knows the rarer French forms below.

/** The forms both leave out: France's usual ones and the neighbours' most frequent. */
export const COMMON_LEGAL_FORMS = [
  'SA',
  'SAS',
  'SASU',
  'SARL',
  'EURL',
  'SNC',
  'SCI',
  'SCOP',
  'SELARL',
  'EI',
  'EIRL',
  'GIE',
  'GMBH',
  'AG',
  'BV',
  'NV',
  'SPA',
  'SRL',
  'SL',
  'LTD',
  'LLC',
  'INC',
] as const;

/** Rarer French forms (partnerships, professions' companies, mixed economy) the memory knows. */
export const RARE_FRENCH_LEGAL_FORMS = [
  'SCS',
  'SCA',
  'SCP',
  'SCM',
  'SEL',
  'SELAS',
  'SELAFA',
  'SEM',
] as const;
