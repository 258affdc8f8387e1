// The pool of companies the demo account trades with: a few hundred French companies (legal
// unit + offices, valid SIREN/SIRET/VAT), some foreign Peppol companies, the factoring companies
// and "our" company, the demo account's own. Directory, participants and invoices all read this
// one pool, so that a SIREN seen on an invoice is found in the directory too.
import type { Rng } from './rng.ts';
import {
  frIban,
  frVatNumber,
  ibanFrom,
  randomBeEnterpriseNumber,
  randomDeVatNumber,
  randomSiren,
  siretFor,
} from './identifiers.ts';
import {
  FACTOR_NAMES,
  FIRST_NAMES,
  FOREIGN_NAMES,
  FRENCH_BANKS,
  LEGAL_FORMS,
  PLACE_NAMES,
  ROUTING_CODES,
  SCHEDULED_SUPPLIERS,
  type ScheduledSupplier,
  SURNAMES,
  TRADES,
  type Trade,
} from './catalog.ts';
import {
  ADDRESS_LINE_TWO,
  FOREIGN_COUNTRIES,
  FRENCH_CITIES,
  STREETS,
  phoneZone,
} from './places.ts';

export interface Address {
  line1: string;
  line2?: string;
  city: string;
  postalCode: string;
  country: string;
}

export interface Office {
  entityId: string;
  siret: string;
  head: boolean;
  address: Address;
  /** Routing code (scheme 0224) of a service inside this office, on some offices. */
  routingCode?: string;
  siretIdentifierId: string;
  routingIdentifierId: string;
  /** Whether this office's identifiers are registered on the domestic network. */
  registered: boolean;
}

export type InvoiceFormat =
  'FACTURX_EN16931' | 'FACTURX_BASIC' | 'FACTURX_EXTENDED' | 'CII' | 'UBL';

export interface Company {
  index: number;
  name: string;
  tradingName?: string;
  legalForm: string;
  country: string;
  trade: Trade;
  /** Micro-entrepreneur under the VAT franchise (CGI art. 293 B): no VAT number, no VAT. */
  franchise: boolean;
  siren?: string;
  vatNumber?: string;
  /** Other national identifier of a foreign company (BE enterprise number...). */
  legalIdentifier?: string;
  offices: Office[];
  address: Address;
  /** Electronic address `scheme:value` split in two. */
  eScheme: string;
  eValue: string;
  peppol: boolean;
  format: InvoiceFormat;
  iban: string;
  bic: string;
  currency: string;
  contactName: string;
  email: string;
  phone: string;
  /** Invoice numbering style of this company (see invoices.ts). */
  numberStyle: number;
  numberBase: number;
  legalUnitId: string;
  sirenIdentifierId: string;
  participantId: string;
  participantClientId: string;
  networkIdentifierIds: [string, string];
  /** A supplier who invoices on a schedule (monthly overheads, equipment): see records.ts. */
  schedule?: ScheduledSupplier;
}

export interface CompanyPool {
  our: Company;
  french: Company[];
  foreign: Company[];
  factors: Company[];
  /** Suppliers invoicing our company on a schedule (rent, telephone, energy, equipment...). */
  scheduled: Company[];
  /** Everything, `index` is the position here. */
  all: Company[];
}

function slug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\b(sas|sasu|sarl|eurl|sa|snc|ei|et|des|du|de|la|le)\b/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/, '');
}

function frenchAddress(rng: Rng): Address {
  const city = rng.weighted(FRENCH_CITIES.map((c) => [c, c.weight] as const));
  const number = rng.int(1, 180);
  const address: Address = {
    line1: `${number}${rng.chance(0.06) ? ' bis' : ''} ${rng.pick(STREETS)}`,
    city: city.name,
    postalCode: city.postalCode,
    country: 'FR',
  };
  if (rng.chance(0.25)) address.line2 = rng.pick(ADDRESS_LINE_TWO);
  return address;
}

function phoneFor(rng: Rng, postalCode: string): string {
  return `+33 ${phoneZone(postalCode)} ${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)}`;
}

function formatFor(rng: Rng): InvoiceFormat {
  return rng.weighted<InvoiceFormat>([
    ['FACTURX_EN16931', 40],
    ['FACTURX_BASIC', 12],
    ['FACTURX_EXTENDED', 8],
    ['CII', 15],
    ['UBL', 25],
  ]);
}

function frenchName(rng: Rng, trade: Trade, form: string): { name: string; tradingName?: string } {
  const surname = rng.pick(SURNAMES);
  if (form === 'EI') {
    // A sole trader is registered under the person's name; the trade is the trading name.
    return {
      name: `${surname} ${rng.pick(FIRST_NAMES).toUpperCase()}`,
      tradingName: `${trade.label} ${surname}`,
    };
  }
  const base = rng.weighted<string>([
    [`${trade.label} ${surname}`, 40],
    [`${surname} ${trade.label}`, 12],
    [`${trade.label} ${surname} ET FILS`, 8],
    [`${trade.label} ${rng.pick(PLACE_NAMES)}`, 16],
    [`${surname} & ${rng.pick(SURNAMES)}`, 10],
    [`ETS ${surname}`, 8],
    [`${trade.label} ${surname}-${rng.pick(SURNAMES)}`, 6],
  ]);
  return { name: `${base} ${form}` };
}

interface Ids {
  legalUnitId: string;
  sirenIdentifierId: string;
  participantId: string;
  participantClientId: string;
  networkIdentifierIds: [string, string];
}

function ids(rng: Rng): Ids {
  return {
    legalUnitId: rng.uuid(),
    sirenIdentifierId: rng.uuid(),
    participantId: rng.uuid(),
    participantClientId: rng.uuid(),
    networkIdentifierIds: [rng.uuid(), rng.uuid()],
  };
}

function frenchCompany(
  rng: Rng,
  index: number,
  name: string,
  legalForm: string,
  trade: Trade,
  officeCount: number,
  tradingName?: string,
): Company {
  const siren = randomSiren(rng);
  const franchise = legalForm === 'EI';
  const offices: Office[] = [];
  for (let k = 0; k < officeCount; k++) {
    offices.push({
      entityId: rng.uuid(),
      siret: siretFor(siren, k + 1),
      head: k === 0,
      address: frenchAddress(rng),
      ...(officeCount > 1 && rng.chance(0.45) ? { routingCode: rng.pick(ROUTING_CODES) } : {}),
      siretIdentifierId: rng.uuid(),
      routingIdentifierId: rng.uuid(),
      registered: rng.chance(0.95),
    });
  }
  const head = offices[0]!;
  const bank = rng.pick(FRENCH_BANKS);
  const firstName = rng.pick(FIRST_NAMES);
  const lastName = rng.pick(SURNAMES);
  const domain = slug(name) || 'entreprise';
  const bySiret = rng.chance(0.15);
  return {
    index,
    name,
    ...(tradingName ? { tradingName } : {}),
    legalForm,
    country: 'FR',
    trade,
    franchise,
    siren,
    ...(franchise ? {} : { vatNumber: frVatNumber(siren) }),
    offices,
    address: head.address,
    eScheme: bySiret ? '0009' : '0225',
    eValue: bySiret ? head.siret : siren,
    peppol: rng.chance(0.15),
    format: formatFor(rng),
    iban: frIban(bank.code, rng.digits(5), rng.digits(11)),
    bic: bank.bic,
    currency: 'EUR',
    contactName: `${firstName} ${lastName.charAt(0)}${lastName.slice(1).toLowerCase()}`,
    email: rng.chance(0.5)
      ? `compta@${domain}.fr`
      : `${firstName
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase()}.${lastName.toLowerCase()}@${domain}.fr`,
    phone: phoneFor(rng, head.address.postalCode),
    numberStyle: rng.int(0, 4),
    numberBase: rng.int(1, 4000),
    ...ids(rng),
  };
}

function foreignIdentifiers(
  rng: Rng,
  country: string,
): { vat: string; scheme: string; value: string; legal?: string } {
  switch (country) {
    case 'BE': {
      const enterprise = randomBeEnterpriseNumber(rng);
      return { vat: `BE${enterprise}`, scheme: '0208', value: enterprise, legal: enterprise };
    }
    case 'DE': {
      const vat = randomDeVatNumber(rng);
      return { vat, scheme: '9930', value: vat };
    }
    case 'NL':
      return { vat: `NL${rng.digits(9)}B01`, scheme: '0106', value: rng.digits(8) };
    case 'IT': {
      const vat = `IT${rng.digits(11)}`;
      return { vat, scheme: '0211', value: vat };
    }
    case 'ES': {
      const vat = `ESB${rng.digits(8)}`;
      return { vat, scheme: '9920', value: vat };
    }
    case 'LU': {
      const vat = `LU${rng.digits(8)}`;
      return { vat, scheme: '9938', value: vat };
    }
    case 'CH': {
      const vat = `CHE${rng.digits(9)}MWST`;
      return { vat, scheme: '0183', value: `CHE${rng.digits(9)}` };
    }
    default: {
      const vat = `GB${rng.digits(9)}`;
      return { vat, scheme: '9932', value: vat };
    }
  }
}

function foreignIban(rng: Rng, country: string): string {
  switch (country) {
    case 'BE': {
      const first = rng.digits(10);
      const check = Number(first) % 97 || 97;
      return ibanFrom('BE', first + String(check).padStart(2, '0'));
    }
    case 'DE':
      return ibanFrom('DE', rng.digits(18));
    case 'NL':
      return ibanFrom('NL', rng.pick(['INGB', 'ABNA', 'RABO']) + rng.digits(10));
    case 'IT':
      return ibanFrom('IT', 'X' + rng.digits(22));
    case 'ES':
      return ibanFrom('ES', rng.digits(20));
    case 'LU':
      return ibanFrom('LU', rng.digits(16));
    case 'CH':
      return ibanFrom('CH', rng.digits(17));
    default:
      return ibanFrom('GB', 'BARC' + rng.digits(14));
  }
}

function foreignCompanies(rng: Rng, startIndex: number): Company[] {
  const result: Company[] = [];
  const services = TRADES.find((t) => t.label === 'INFORMATIQUE')!;
  const goods = TRADES.find((t) => t.label === 'BOIS ET MATERIAUX')!;
  for (const set of FOREIGN_NAMES) {
    const country = FOREIGN_COUNTRIES.find((c) => c.country === set.country)!;
    for (const name of set.names) {
      const [city, postalCode] = rng.pick(country.cities);
      const id = foreignIdentifiers(rng, set.country);
      const address: Address = {
        line1: `${rng.pick(country.streets)} ${rng.int(1, 120)}`,
        city,
        postalCode,
        country: set.country,
      };
      const first = rng.pick(['Anna', 'Jan', 'Marco', 'Laura', 'Peter', 'Eva', 'Luca', 'Sarah']);
      const domain = slug(name) || 'company';
      result.push({
        index: startIndex + result.length,
        name,
        legalForm: name.split(' ').pop() ?? '',
        country: set.country,
        trade: /Software|Elektro|Druck/.test(name) ? services : goods,
        franchise: false,
        vatNumber: id.vat,
        ...(id.legal ? { legalIdentifier: id.legal } : {}),
        offices: [],
        address,
        eScheme: id.scheme,
        eValue: id.value,
        peppol: true,
        format: 'UBL',
        iban: foreignIban(rng, set.country),
        bic: rng.pick(set.bics),
        currency: country.currency,
        contactName: `${first} ${rng.pick(['Peeters', 'Schmidt', 'Rossi', 'García', 'Jansen', 'Weber'])}`,
        email: `accounts@${domain}.${set.country === 'GB' ? 'co.uk' : set.country.toLowerCase()}`,
        phone: `+${{ BE: 32, DE: 49, NL: 31, IT: 39, ES: 34, LU: 352, CH: 41, GB: 44 }[set.country] ?? 0} ${rng.digits(3)} ${rng.digits(6)}`,
        numberStyle: 5,
        numberBase: rng.int(1, 9000),
        ...ids(rng),
      });
    }
  }
  return result;
}

/** How many French companies the pool holds besides ours and the factors. */
const FRENCH_POOL_SIZE = 320;

/** The demo account's own company unless a test names another (several demo operators, several
 * client companies of one firm: issue 19's portfolio). The name draws nothing from `rng`. */
export const DEMO_COMPANY_NAME = 'ATELIERS DUVAL AGENCEMENT SAS';

export function generateCompanies(rng: Rng, ourName: string = DEMO_COMPANY_NAME): CompanyPool {
  const all: Company[] = [];
  const names = new Set<string>();
  const furniture = TRADES.find((t) => t.label === 'MENUISERIE')!;
  // The demo account's own company: a furniture and shop-fitting workshop near Lyon.
  const our = frenchCompany(rng, 0, ourName, 'SAS', furniture, 3);
  our.eScheme = '0225';
  our.eValue = our.siren!;
  our.format = 'FACTURX_EN16931';
  our.franchise = false;
  our.peppol = true;
  our.numberStyle = -1;
  our.offices.forEach((o) => (o.registered = true));
  names.add(our.name);
  all.push(our);

  const french: Company[] = [];
  while (french.length < FRENCH_POOL_SIZE) {
    const trade = rng.pick(TRADES);
    const form = rng.weighted(LEGAL_FORMS);
    const { name, tradingName } = frenchName(rng, trade, form);
    if (names.has(name)) continue;
    names.add(name);
    const offices =
      form === 'EI'
        ? 1
        : rng.weighted([
            [1, 70],
            [2, 20],
            [3, 7],
            [4, 3],
          ] as const);
    const company = frenchCompany(rng, all.length, name, form, trade, offices, tradingName);
    french.push(company);
    all.push(company);
  }

  const factors: Company[] = [];
  const finance = TRADES.find((t) => t.label === 'CONSEIL')!;
  for (const name of FACTOR_NAMES) {
    const company = frenchCompany(rng, all.length, name, name.split(' ').pop()!, finance, 1);
    factors.push(company);
    all.push(company);
  }

  const foreign = foreignCompanies(rng, all.length);
  all.push(...foreign);

  // Drawn last, so every company above keeps the identifiers it had before they were added.
  const scheduled: Company[] = [];
  for (const supplier of SCHEDULED_SUPPLIERS) {
    const company = frenchCompany(
      rng,
      all.length,
      supplier.name,
      supplier.legalForm,
      supplier.trade,
      1,
    );
    company.schedule = supplier;
    scheduled.push(company);
    all.push(company);
  }
  // A fixed monthly amount (rent, the accountant's fees) is the data set's own, so two demo
  // companies do not pay the same rent to the cent (drawn after every company above, which keeps
  // its values).
  for (const company of scheduled) {
    const schedule = company.schedule!;
    const [min, max] = schedule.cents;
    if (min !== max) continue;
    const amount = Math.round((min * rng.int(70, 130)) / 100 / 500) * 500;
    company.schedule = { ...schedule, cents: [amount, amount] };
  }
  return { our, french, foreign, factors, scheduled, all };
}
