// Full invoice content (spec 2.2), built on demand from a record's seed: the same record always
// gives the same invoice, so search (businessData, lastStatusData) and retrieval agree.
// Amounts are computed in integer cents and only turned into euros at the end, so that
// BT-109 + BT-110 = BT-112 and the VAT breakdown add up to the cent.
import type {
  Buyer,
  Invoice,
  PaymentMeans,
  PartyIdentifier,
  PostalAddress,
  ReferenceData,
  SearchBusinessData,
  Seller,
  Shipping,
  TaxDetail,
} from '#shared/operator/schemas.ts';
import { Rng, mixSeed } from './rng.ts';
import type { Company, CompanyPool, Office } from './companies.ts';
import { isoDay, type InvoiceRecord } from './records.ts';
import { sepaCreditorId } from './identifiers.ts';

const DAY = 86_400_000;

type ProcessType = NonNullable<Invoice['businessData']['processType']>;

interface VatLine {
  bp: number; // rate in basis points
  category: string;
  lines: number; // cents
  allowance: number;
  charge: number;
  reason?: string;
  reasonCode?: string;
}

const euros = (cents: number): number => cents / 100;

function addDays(isoDate: string, days: number): string {
  return isoDay(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY);
}

function processTypeFor(
  rng: Rng,
  seller: Company,
  ourSale: boolean,
  inboundFromOur: boolean,
): ProcessType {
  if (ourSale) {
    return rng.weighted<ProcessType>([
      ['B1', 45],
      ['M1', 33],
      ['S1', 12],
      ['B4', 3],
      ['M4', 3],
      ['B2', 2],
      ['S2', 2],
    ]);
  }
  switch (seller.trade.kind) {
    case 'goods':
      return rng.weighted<ProcessType>([
        ['B1', 88],
        ['B2', 4],
        ['B4', 4],
        ['B7', 1],
      ]);
    case 'services':
      return rng.weighted<ProcessType>([
        ['S1', 88],
        ['S2', 4],
        ['S4', 4],
        ['S7', 1],
      ]);
    case 'mixed':
      return rng.weighted<ProcessType>([
        ['M1', 50],
        ['B1', 25],
        ['S1', 20],
        ['M2', 2],
        ['M4', 3],
      ]);
    case 'construction':
      // Building trades working on our fitting sites are subcontractors (autoliquidation).
      return rng.weighted<ProcessType>([
        ['S1', 45],
        ['M1', 27],
        ['S5', inboundFromOur ? 20 : 0],
        ['S4', 5],
        ['S6', 3],
      ]);
  }
}

/** The EU member states (VAT territory), for intra-EU deliveries (K) versus exports (G). */
const EU_COUNTRIES: ReadonlySet<string> = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

/**
 * `extra` draws what was added after the first version of the data (issue 17), so that adding it
 * left the main stream, and so every field drawn before, as it was.
 */
function vatLines(
  rng: Rng,
  extra: Rng,
  seller: Company,
  buyer: Company,
  processType: ProcessType,
  credit: boolean,
): VatLine[] {
  const [min, max] = seller.trade.lineCents;
  const lineAmount = (): number => {
    const qty = rng.weighted([
      [1, 6],
      [2, 2],
      [3, 1],
      [5, 1],
      [10, 1],
    ] as const);
    const unit = Math.round(rng.int(min, max) / qty / 5) * 5 || 5;
    return qty * unit;
  };
  const sumLines = (n: number): number => {
    let total = 0;
    for (let i = 0; i < n; i++) total += lineAmount();
    return credit ? Math.max(100, Math.round((total * rng.int(10, 100)) / 500) * 5) : total;
  };
  const lineCount = (): number =>
    credit
      ? 1
      : rng.weighted([
          [1, 4],
          [2, 3],
          [3, 2],
          [4, 1],
        ] as const);
  const exempt = (category: string, reason: string, reasonCode: string): VatLine[] => [
    { bp: 0, category, lines: sumLines(lineCount()), allowance: 0, charge: 0, reason, reasonCode },
  ];

  if (seller.schedule) {
    // A scheduled supplier's single line: the same rent every month, a bill that varies, a
    // machine priced to the hundred euros.
    const [min, max] = seller.schedule.cents;
    const step = max - min > 1_000_000 ? 10_000 : 1;
    const amount = Math.round(extra.int(min, max) / step) * step;
    const lines = credit ? Math.round(amount / 10) : amount;
    return [{ bp: 2000, category: 'S', lines, allowance: 0, charge: 0 }];
  }
  if (seller.franchise)
    return exempt('E', 'TVA non applicable, art. 293 B du CGI', 'VATEX-FR-FRANCHISE');
  if (seller.trade.exemptTraining) {
    return exempt(
      'E',
      'Exonération de TVA, article 261-4-4° a du CGI (formation professionnelle continue)',
      'VATEX-EU-132',
    );
  }
  if (seller.country !== 'FR') return exempt('AE', 'Reverse charge', 'VATEX-EU-AE');
  if (buyer.country !== 'FR') {
    // Our sale abroad: services to a foreign business are taxed where the buyer is (reverse
    // charge); goods are an intra-EU delivery exempt under art. 262 ter I, or an export (262 I).
    if (processType.startsWith('S'))
      return exempt('AE', 'Autoliquidation - article 283-2 du CGI', 'VATEX-EU-AE');
    if (EU_COUNTRIES.has(buyer.country))
      return exempt('K', 'Livraison intracommunautaire, art. 262 ter I du CGI', 'VATEX-EU-IC');
    return exempt('G', 'Exportation, art. 262 I du CGI', 'VATEX-EU-G');
  }
  if (processType === 'S5') {
    return exempt(
      'AE',
      'Autoliquidation - article 283-2 nonies du CGI (sous-traitance BTP)',
      'VATEX-EU-AE',
    );
  }

  const connection =
    seller.index === 0
      ? ([
          [2000, 8],
          [1000, 1.5],
          [550, 0.5],
        ] as const)
      : seller.trade.rates;
  const rateCount = credit
    ? 1
    : Math.min(
        connection.length,
        rng.weighted([
          [1, 75],
          [2, 20],
          [3, 5],
        ] as const),
      );
  const chosen: number[] = [];
  while (chosen.length < rateCount) {
    const bp = rng.weighted(connection);
    if (!chosen.includes(bp)) chosen.push(bp);
  }
  const result = chosen.map<VatLine>((bp) => ({
    bp,
    category: 'S',
    lines: sumLines(lineCount()),
    allowance: 0,
    charge: 0,
  }));
  // A few of our sales at the 2.1 % rate (CGI art. 281 quater and following), so every French
  // rate appears in our sales and their VAT return.
  if (seller.index === 0 && !chosen.includes(210) && extra.chance(0.02))
    result[result.length - 1]!.bp = 210;
  const main = result[0]!;
  if (!credit && rng.chance(0.1)) main.allowance = Math.round((main.lines * rng.int(2, 10)) / 100);
  if (!credit && processType.startsWith('B') && rng.chance(0.15))
    main.charge = rng.int(15, 90) * 100;
  return result;
}

function partyIdentifiers(company: Company, office: Office | undefined): PartyIdentifier[] {
  const list: PartyIdentifier[] = [
    { type: 'ELECTRONIC_ADDRESS', scheme: company.eScheme, value: company.eValue },
  ];
  if (company.siren)
    list.push({ type: 'PARTY_LEGAL_IDENTIFIER', scheme: '0002', value: company.siren });
  else if (company.legalIdentifier)
    list.push({
      type: 'PARTY_LEGAL_IDENTIFIER',
      scheme: company.eScheme,
      value: company.legalIdentifier,
    });
  if (office) list.push({ type: 'PARTY_IDENTIFIER', scheme: '0009', value: office.siret });
  return list;
}

function postalAddress(company: Company, office: Office | undefined): PostalAddress {
  const a = office?.address ?? company.address;
  return {
    addressLineOne: a.line1,
    ...(a.line2 ? { addressLineTwo: a.line2 } : {}),
    cityName: a.city,
    postalCode: a.postalCode,
    country: a.country,
  };
}

function party(rng: Rng, company: Company, office: Office | undefined): Buyer {
  return {
    name: company.name,
    ...(company.tradingName ? { tradingBusinessName: company.tradingName } : {}),
    ...(company.siren ? { siren: company.siren } : {}),
    ...(office ? { siret: office.siret } : {}),
    ...(company.vatNumber ? { vatNumber: company.vatNumber } : {}),
    electronicAddress: `${company.eScheme}:${company.eValue}`,
    postalAddress: postalAddress(company, office),
    ...(rng.chance(0.6)
      ? {
          contact: {
            personName: company.contactName,
            email: company.email,
            phoneNumber: company.phone,
          },
        }
      : {}),
    identifiers: partyIdentifiers(company, office),
  };
}

function sellerOffice(company: Company): Office | undefined {
  return company.offices[0];
}

function buyerOffice(rng: Rng, company: Company): Office | undefined {
  if (company.offices.length > 1 && rng.chance(0.25))
    return company.offices[rng.int(1, company.offices.length - 1)];
  return company.offices[0];
}

const PAYMENT_LABELS: Record<string, string> = {
  '30': 'Virement',
  '58': 'Virement SEPA',
  '49': 'Prélèvement SEPA',
  '48': 'Carte bancaire',
};

/** Builds the full invoice of a record. Pure: same pool and record, same result. */
export function buildInvoice(pool: CompanyPool, record: InvoiceRecord): Invoice {
  const rng = new Rng(record.seed);
  const extra = new Rng(mixSeed(record.seed, 0x17));
  const counterparty = pool.all[record.counterparty]!;
  const outbound = record.direction === 'OUTBOUND';
  const seller = outbound ? pool.our : counterparty;
  const buyer = outbound ? counterparty : pool.our;
  const credit = record.type === 381;
  const crossBorder = counterparty.country !== 'FR';

  const processType =
    seller.schedule?.processType ?? processTypeFor(rng, seller, outbound, !outbound);
  const vat = vatLines(rng, extra, seller, buyer, processType, credit);
  const currency = outbound ? 'EUR' : seller.currency;

  // ---- Totals, in cents ----
  let lineTotal = 0;
  let allowanceTotal = 0;
  let chargeTotal = 0;
  let basis = 0;
  let tax = 0;
  const taxDetails: TaxDetail[] = vat.map((v) => {
    const taxable = v.lines - v.allowance + v.charge;
    // Half-up rounding on exact integers: taxable × basis points is an integer.
    const amount = Math.floor((taxable * v.bp + 5000) / 10000);
    lineTotal += v.lines;
    allowanceTotal += v.allowance;
    chargeTotal += v.charge;
    basis += taxable;
    tax += amount;
    return {
      taxableAmount: { amount: euros(taxable) },
      taxAmount: { amount: euros(amount) },
      taxType: 'VAT',
      categoryCode: v.category,
      percent: v.bp / 100,
      ...(v.reason ? { exemptionReason: v.reason } : {}),
      ...(v.reasonCode ? { exemptionReasonCode: v.reasonCode } : {}),
    };
  });
  const total = basis + tax;
  const alreadyPaid = processType === 'B2' || processType === 'S2' || processType === 'M2';
  const afterDownPayment = processType.endsWith('4');
  const prepaid = credit ? 0 : alreadyPaid ? total : afterDownPayment ? Math.round(total * 0.3) : 0;
  const rounding = 0;
  const payable = total - prepaid + rounding;
  const amount = (cents: number): { amount: number; currency: string } => ({
    amount: euros(cents),
    currency,
  });

  // ---- Dates ----
  const invoiceDate = record.invoiceDate;
  const dueDate = addDays(invoiceDate, rng.pick([30, 30, 45, 45, 60]));

  // ---- Payment ----
  const factoring =
    seller.country === 'FR' &&
    !seller.franchise &&
    seller.index % 23 === 5 &&
    pool.factors.length > 0;
  const factor = factoring ? pool.factors[seller.index % pool.factors.length]! : undefined;
  const typeCode = alreadyPaid
    ? '48'
    : crossBorder || factor
      ? rng.pick(['58', '30'])
      : rng.weighted([
          ['58', 50],
          ['30', 28],
          ['49', 14],
          ['48', 4],
        ] as const);
  const means: PaymentMeans = {
    typeCode,
    label: PAYMENT_LABELS[typeCode]!,
    paymentReference: record.number,
  };
  const referenceData: ReferenceData = {};
  if (typeCode === '30' || typeCode === '58') {
    const account = factor ?? seller;
    means.bankTransfer = { iban: account.iban, accountName: account.name, bic: account.bic };
  } else if (typeCode === '49') {
    means.bankDirectDebit = { iban: buyer.iban };
    referenceData.directDebitMandateId = `RUM-${(buyer.siren ?? buyer.eValue).slice(0, 9)}-${String(seller.index).padStart(4, '0')}`;
    referenceData.creditorReferenceId = sepaCreditorId(`${(seller.siren ?? '000000').slice(3, 9)}`);
  } else {
    means.creditCard = {
      cardId: `XXXXXXXXXXXX${rng.digits(4)}`,
      cardHolderName: buyer.contactName,
    };
  }

  // ---- References ----
  const year = invoiceDate.slice(0, 4);
  const buyerAtOffice = buyerOffice(rng, buyer);
  if (buyer.country === 'FR' && rng.chance(0.4)) {
    referenceData.buyerReferenceId =
      buyerAtOffice?.routingCode ??
      rng.pick(['SERV-ACHATS', 'COMPTA-FOURNISSEURS', buyer.contactName]);
  }
  if (rng.chance(0.45))
    referenceData.buyerOrderReferenceId = `BC-${year}-${String(rng.int(1, 99999)).padStart(5, '0')}`;
  if (rng.chance(0.08)) referenceData.sellerOrderReferenceId = `CMD-${rng.digits(6)}`;
  if (processType.startsWith('B') && rng.chance(0.25)) {
    referenceData.despatchDocumentReferenceId = `BL-${invoiceDate.slice(2, 4)}${invoiceDate.slice(5, 7)}-${rng.digits(5)}`;
  }
  if (processType.startsWith('S') && rng.chance(0.2)) {
    referenceData.contractReferenceId = `CTR-${year}-${rng.digits(3)}`;
  }
  if (seller.trade.kind === 'construction' && rng.chance(0.3)) {
    const city = (buyerAtOffice?.address.city ?? buyer.address.city)
      .toUpperCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '');
    referenceData.projectReferenceId =
      `CHANTIER-${city.replace(/[^A-Z]+/g, '-')}-${rng.digits(2)}`.slice(0, 50);
  }
  if (rng.chance(0.08)) {
    const account = rng.pick(['606300', '615200', '622600', '218400', '604000']);
    // Our own purchases are fixed assets only from the equipment maker below: elsewhere the
    // furniture account (2184) becomes small equipment (6063), as an accountant would book it.
    referenceData.accountingCostId = !outbound && account === '218400' ? '606300' : account;
  }
  // Scheduled suppliers carry the account our company books them to: the overheads' 6xx, the
  // equipment maker's 2xx (a fixed asset, whose VAT is deductible on 44562).
  if (seller.schedule) referenceData.accountingCostId = seller.schedule.account;
  if (rng.chance(0.05))
    referenceData.additionalReferenceIds = [{ id: `AO-${year}-${rng.digits(3)}`, typeCode: '130' }];

  // ---- Parties ----
  const sellerParty: Seller = party(rng, seller, sellerOffice(seller));
  const buyerParty: Buyer = party(rng, buyer, buyerAtOffice);

  let shipping: Shipping | undefined;
  if (!credit && (processType.startsWith('B') || processType.startsWith('M')) && rng.chance(0.35)) {
    const delivered = addDays(invoiceDate, -rng.int(0, 10));
    shipping = {
      deliveryDate: delivered,
      tradeParty: {
        name: buyer.name,
        postalAddress: postalAddress(buyer, buyerAtOffice),
        identifiers: buyerAtOffice
          ? [{ type: 'PARTY_IDENTIFIER', scheme: '0009', value: buyerAtOffice.siret }]
          : [{ type: 'ELECTRONIC_ADDRESS', scheme: buyer.eScheme, value: buyer.eValue }],
      },
    };
  }

  // VAT is due at delivery for goods, at payment for services unless the seller opted for debits.
  const ubl = crossBorder || seller.format === 'UBL';
  const debits = processType.startsWith('S') && rng.chance(0.2);
  const when: 'INVOICE_DATE' | 'DELIVERY_DATE' | 'PAYMENT_DATE' = processType.startsWith('S')
    ? debits
      ? 'INVOICE_DATE'
      : 'PAYMENT_DATE'
    : 'DELIVERY_DATE';
  const codes = {
    INVOICE_DATE: ubl ? 3 : 5,
    DELIVERY_DATE: ubl ? 35 : 29,
    PAYMENT_DATE: ubl ? 432 : 72,
  } as const;
  const taxPaymentOption = {
    code: codes[when],
    iopCode: when,
    ...(processType.startsWith('S') ? { debitTaxPaymentActive: debits } : {}),
  };

  const format = crossBorder ? 'UBL' : seller.format;
  const [originalFormat, originalFlavor] = crossBorder
    ? (['UBL', 'PEPPOL_BIS_3'] as const)
    : format === 'FACTURX_EN16931'
      ? (['FACTURX', 'EN16931'] as const)
      : format === 'FACTURX_BASIC'
        ? (['FACTURX', 'BASIC'] as const)
        : format === 'FACTURX_EXTENDED'
          ? (['FACTURX', 'EXTENDED'] as const)
          : format === 'CII'
            ? (['CII', 'EN16931'] as const)
            : (['UBL', 'EN16931'] as const);

  return {
    streamId: rng.uuid(),
    invoiceId: record.invoiceId,
    date: record.createDate.slice(0, 10),
    originalFormat,
    originalFlavor,
    originalNetwork: crossBorder ? 'PEPPOL_INTERNATIONAL' : 'DOMESTIC_FR',
    way: outbound ? 'EMITTED' : 'RECEIVED',
    businessData: {
      invoiceId: record.number,
      invoiceDate,
      type: String(record.type),
      processType,
      invoiceDueDate: dueDate,
      taxPaymentOption,
      ...(Object.keys(referenceData).length > 0 ? { referenceData } : {}),
      monetary: {
        invoiceCurrency: currency,
        ...(currency !== 'EUR' ? { taxCurrency: 'EUR' } : {}),
        invoiceAmount: amount(total),
        taxBasisTotalAmount: amount(basis),
        taxTotalAmount: amount(tax),
        ...(currency !== 'EUR'
          ? { taxTotalAmountAccounting: { amount: euros(tax), currency: 'EUR' } }
          : {}),
        payableAmount: amount(payable),
        lineTotalAmount: amount(lineTotal),
        ...(allowanceTotal > 0 ? { allowanceTotalAmount: amount(allowanceTotal) } : {}),
        ...(chargeTotal > 0 ? { chargeTotalAmount: amount(chargeTotal) } : {}),
        ...(prepaid > 0 ? { prepaidTotalAmount: { amount: euros(prepaid) } } : {}),
      },
      taxDetails,
      buyer: buyerParty,
      seller: sellerParty,
      ...(factor
        ? {
            payee: {
              name: factor.name,
              siren: factor.siren!,
              identifiers: [
                { type: 'PARTY_LEGAL_IDENTIFIER' as const, scheme: '0002', value: factor.siren! },
              ],
            },
          }
        : {}),
      paymentMeans: [means],
      ...(record.ref
        ? {
            referencedDocuments: [
              { invoiceId: record.ref.number, date: record.ref.date, type: '380' },
            ],
          }
        : {}),
      ...(shipping ? { shipping } : {}),
    },
  };
}

/** Whether the invoice's VAT is due on payment (BT-8 code 72 or 432): services, no debit option. */
export function taxedOnPayment(invoice: Invoice): boolean {
  const option = invoice.businessData.taxPaymentOption;
  return option?.iopCode === 'PAYMENT_DATE' || option?.code === 72 || option?.code === 432;
}

/** The part of the business data the search returns with expand=businessData (2.1). */
export function searchBusinessData(invoice: Invoice): SearchBusinessData {
  const b = invoice.businessData;
  const searchParty = (p: Seller) => ({
    name: p.name,
    ...(p.electronicAddress !== undefined ? { electronicAddress: p.electronicAddress } : {}),
    ...(p.postalAddress ? { country: p.postalAddress.country } : {}),
    ...(p.siren !== undefined ? { siren: p.siren } : {}),
    ...(p.siret !== undefined ? { siret: p.siret } : {}),
    ...(p.vatNumber !== undefined ? { vatNumber: p.vatNumber } : {}),
  });
  return {
    invoiceId: b.invoiceId,
    invoiceDate: b.invoiceDate,
    ...(b.invoiceDueDate ? { invoiceDueDate: b.invoiceDueDate } : {}),
    type: b.type,
    monetary: {
      invoiceCurrency: b.monetary.invoiceCurrency,
      invoiceAmount: b.monetary.invoiceAmount,
      taxBasisTotalAmount: b.monetary.taxBasisTotalAmount,
      taxTotalAmount: b.monetary.taxTotalAmount,
      payableAmount: b.monetary.payableAmount,
    },
    seller: searchParty(b.seller),
    buyer: searchParty(b.buyer),
    paymentMeans: b.paymentMeans ?? [],
    ...(b.referencedDocuments ? { referencedDocuments: b.referencedDocuments } : {}),
    ...(b.shipping ? { shipping: b.shipping } : {}),
  };
}
