// Word lists the company generator draws from: trades with their VAT connection, family and first
// names, legal forms, banks with their real bank codes and BICs.

export type TradeKind = 'goods' | 'services' | 'mixed' | 'construction';

export interface Trade {
  /** As it opens a company name: "BOULANGERIE MARTIN". */
  label: string;
  kind: TradeKind;
  /** VAT rates in basis points with a weight: 2000 = 20 %, 550 = 5.5 %. */
  rates: readonly (readonly [number, number])[];
  /** Typical amount of one invoice line, in cents. */
  lineCents: readonly [number, number];
  /** Training bodies invoice exempt of VAT (CGI art. 261-4-4°). */
  exemptTraining?: boolean;
}

const STD: readonly (readonly [number, number])[] = [[2000, 1]];

export const TRADES: readonly Trade[] = [
  {
    label: 'BOULANGERIE',
    kind: 'goods',
    rates: [
      [550, 6],
      [1000, 2],
      [2000, 2],
    ],
    lineCents: [1500, 40000],
  },
  {
    label: 'TRAITEUR',
    kind: 'mixed',
    rates: [
      [1000, 6],
      [550, 2],
      [2000, 2],
    ],
    lineCents: [20000, 350000],
  },
  {
    label: 'RESTAURANT',
    kind: 'services',
    rates: [
      [1000, 8],
      [2000, 2],
    ],
    lineCents: [3000, 150000],
  },
  { label: 'TRANSPORTS', kind: 'services', rates: STD, lineCents: [15000, 600000] },
  {
    label: 'MENUISERIE',
    kind: 'construction',
    rates: [
      [2000, 6],
      [1000, 3],
      [550, 1],
    ],
    lineCents: [30000, 900000],
  },
  {
    label: 'PLOMBERIE',
    kind: 'construction',
    rates: [
      [2000, 5],
      [1000, 4],
      [550, 1],
    ],
    lineCents: [8000, 400000],
  },
  {
    label: 'ELECTRICITE GENERALE',
    kind: 'construction',
    rates: [
      [2000, 6],
      [1000, 3],
      [550, 1],
    ],
    lineCents: [10000, 500000],
  },
  {
    label: 'MACONNERIE',
    kind: 'construction',
    rates: [
      [2000, 6],
      [1000, 4],
    ],
    lineCents: [50000, 1500000],
  },
  {
    label: 'PEINTURE',
    kind: 'construction',
    rates: [
      [2000, 6],
      [1000, 4],
    ],
    lineCents: [20000, 600000],
  },
  {
    label: 'CHARPENTE',
    kind: 'construction',
    rates: [
      [2000, 7],
      [1000, 3],
    ],
    lineCents: [80000, 1200000],
  },
  { label: 'GARAGE', kind: 'mixed', rates: STD, lineCents: [5000, 250000] },
  { label: 'IMPRIMERIE', kind: 'goods', rates: STD, lineCents: [8000, 300000] },
  {
    label: 'EDITIONS',
    kind: 'goods',
    rates: [
      [550, 5],
      [210, 3],
      [2000, 2],
    ],
    lineCents: [2000, 80000],
  },
  {
    label: 'LIBRAIRIE',
    kind: 'goods',
    rates: [
      [550, 8],
      [2000, 2],
    ],
    lineCents: [1500, 60000],
  },
  { label: 'CABINET', kind: 'services', rates: STD, lineCents: [50000, 800000] },
  { label: 'CONSEIL', kind: 'services', rates: STD, lineCents: [80000, 1500000] },
  { label: 'INFORMATIQUE', kind: 'mixed', rates: STD, lineCents: [20000, 900000] },
  { label: 'NETTOYAGE', kind: 'services', rates: STD, lineCents: [30000, 450000] },
  {
    label: 'PAYSAGES',
    kind: 'services',
    rates: [
      [2000, 6],
      [1000, 4],
    ],
    lineCents: [20000, 500000],
  },
  {
    label: 'FORMATION',
    kind: 'services',
    rates: [[0, 1]],
    lineCents: [60000, 450000],
    exemptTraining: true,
  },
  { label: 'QUINCAILLERIE', kind: 'goods', rates: STD, lineCents: [1000, 120000] },
  { label: 'BOIS ET MATERIAUX', kind: 'goods', rates: STD, lineCents: [20000, 1200000] },
  {
    label: 'SERRURERIE',
    kind: 'construction',
    rates: [
      [2000, 7],
      [1000, 3],
    ],
    lineCents: [8000, 300000],
  },
  { label: 'EMBALLAGES', kind: 'goods', rates: STD, lineCents: [10000, 500000] },
  { label: 'FOURNITURES DE BUREAU', kind: 'goods', rates: STD, lineCents: [1500, 90000] },
  { label: 'LOCATION DE MATERIEL', kind: 'services', rates: STD, lineCents: [10000, 350000] },
  { label: 'SECURITE', kind: 'services', rates: STD, lineCents: [40000, 600000] },
  { label: 'ARCHITECTURE', kind: 'services', rates: STD, lineCents: [150000, 2000000] },
  { label: 'EXPERTISE COMPTABLE', kind: 'services', rates: STD, lineCents: [40000, 350000] },
  { label: 'VINS ET SPIRITUEUX', kind: 'goods', rates: STD, lineCents: [5000, 250000] },
  { label: 'PRIMEURS', kind: 'goods', rates: [[550, 1]], lineCents: [2000, 60000] },
  { label: 'TOLERIE', kind: 'goods', rates: STD, lineCents: [20000, 800000] },
];

export const SURNAMES: readonly string[] = (
  'MARTIN BERNARD THOMAS PETIT ROBERT RICHARD DURAND DUBOIS MOREAU LAURENT SIMON MICHEL LEFEBVRE ' +
  'LEROY ROUX DAVID BERTRAND MOREL FOURNIER GIRARD BONNET DUPONT LAMBERT FONTAINE ROUSSEAU VINCENT ' +
  'MULLER FAURE ANDRE MERCIER BLANC GUERIN BOYER GARNIER CHEVALIER LEGRAND GAUTHIER GARCIA PERRIN ' +
  'ROBIN CLEMENT MORIN NICOLAS HENRY ROUSSEL MATHIEU MASSON MARCHAND DENIS DUMONT LEMAIRE NOEL MEYER ' +
  'DUFOUR MEUNIER BRUN BLANCHARD GIRAUD JOLY RIVIERE LUCAS BRUNET GAILLARD BARBIER ARNAUD MARTINEZ ' +
  'GERARD ROCHE RENARD SCHMITT ROY LEROUX COLIN VIDAL CARON PICARD ROGER FABRE AUBERT LEMOINE RENAUD ' +
  'DUMAS LACROIX OLIVIER BOURGEOIS BENOIT REY LECLERC ROLLAND GUILLAUME LECOMTE LOPEZ DUPUY GUILLOT ' +
  'HUBERT BERGER CARPENTIER SANCHEZ DUPUIS MOULIN DESCHAMPS HUET VASSEUR PEREZ BOUCHER FLEURY ROYER ' +
  'KLEIN JACQUET ADAM POIRIER MARTY AUBRY GUYOT CARRE RENAULT CHARPENTIER MENARD MAILLARD BARON ' +
  'BERTIN BAILLY HERVE SCHNEIDER FERNANDEZ COLLET LEGER BOUVIER JULIEN PREVOST MILLET PERROT COUSIN ' +
  'GERMAIN BRETON BESSON LANGLOIS REMY PELLETIER LEVEQUE PERRIER LEBLANC BARRE LEBRUN MARCHAL WEBER ' +
  'MALLET HAMON JACOB MONNIER MICHAUD GUICHARD GILLET ETIENNE POULAIN TESSIER CHAUVIN BOUCHET GAY ' +
  'LEMAITRE BENARD MARECHAL HUMBERT REYNAUD ANTOINE PERRET BARTHELEMY CORDIER PICHON LEJEUNE GILBERT ' +
  'LAMY DELAUNAY PASQUIER CARLIER LAPORTE'
).split(' ');

export const FIRST_NAMES: readonly string[] = [
  'Camille',
  'Julien',
  'Sophie',
  'Nicolas',
  'Claire',
  'Thomas',
  'Isabelle',
  'Pierre',
  'Nathalie',
  'Laurent',
  'Céline',
  'Sébastien',
  'Émilie',
  'Philippe',
  'Aurélie',
  'Stéphane',
  'Marie',
  'François',
  'Sandrine',
  'Olivier',
  'Hélène',
  'Mathieu',
  'Valérie',
  'Antoine',
  'Élodie',
  'Guillaume',
];

/** Regions and places for names like "TRANSPORTS DU LYONNAIS". */
export const PLACE_NAMES: readonly string[] = [
  'DU LYONNAIS',
  'DU RHONE',
  'DU DAUPHINE',
  'DU BEAUJOLAIS',
  'DU VAL DE SAONE',
  'DU SUD-OUEST',
  'DU GRAND OUEST',
  'DU LEMAN',
  'DU FOREZ',
  'DE L’ATLANTIQUE',
  'DES ALPES',
  'DE PROVENCE',
  'D’ALSACE',
  'DE BRETAGNE',
  'DU NORD',
  'DE LA MEDITERRANEE',
  'DES MONTS D’OR',
  'DE LA CROIX-ROUSSE',
];

export const LEGAL_FORMS: readonly (readonly [string, number])[] = [
  ['SAS', 34],
  ['SARL', 30],
  ['SASU', 10],
  ['EURL', 8],
  ['SA', 6],
  ['SNC', 3],
  ['EI', 9],
];

export interface Bank {
  code: string;
  bic: string;
}

/** Real French bank codes (code banque) with the BIC of the same bank. */
export const FRENCH_BANKS: readonly Bank[] = [
  { code: '30004', bic: 'BNPAFRPPXXX' },
  { code: '30003', bic: 'SOGEFRPPXXX' },
  { code: '30002', bic: 'CRLYFRPPXXX' },
  { code: '30066', bic: 'CMCIFRPPXXX' },
  { code: '20041', bic: 'PSSTFRPPLYO' },
  { code: '10278', bic: 'CMCIFR2AXXX' },
  { code: '16807', bic: 'CCBPFRPPGRE' },
  { code: '17806', bic: 'AGRIFRPP878' },
  { code: '18206', bic: 'AGRIFRPP882' },
  { code: '42559', bic: 'CCOPFRPPXXX' },
  { code: '13807', bic: 'CCBPFRPPNAN' },
];

export interface ForeignNameSet {
  country: string;
  names: readonly string[];
  bics: readonly string[];
}

export const FOREIGN_NAMES: readonly ForeignNameSet[] = [
  {
    country: 'BE',
    names: [
      'Brouwerij Van den Bossche NV',
      'Imprimerie Lambert SRL',
      'Transports Dubois SA',
      'Houtbouw Peeters BV',
    ],
    bics: ['GEBABEBB', 'KREDBEBB'],
  },
  {
    country: 'DE',
    names: [
      'Müller Maschinenbau GmbH',
      'Schneider Logistik GmbH & Co. KG',
      'Becker Elektrotechnik AG',
      'Holzwerk Schäfer GmbH',
    ],
    bics: ['COBADEFFXXX', 'DEUTDEFFXXX'],
  },
  {
    country: 'NL',
    names: ['Van der Berg Verpakkingen B.V.', 'De Vries Meubelbeslag B.V.'],
    bics: ['INGBNL2A', 'ABNANL2A'],
  },
  {
    country: 'IT',
    names: ['Rossi Arredamenti S.r.l.', 'Ferramenta Bianchi S.p.A.'],
    bics: ['UNCRITMMXXX', 'BCITITMM'],
  },
  {
    country: 'ES',
    names: ['Suministros García S.L.', 'Maderas Navarro S.A.'],
    bics: ['CAIXESBBXXX', 'BSCHESMMXXX'],
  },
  { country: 'LU', names: ['Software Lux S.à r.l.'], bics: ['BCEELULL'] },
  { country: 'CH', names: ['Huber Präzision AG'], bics: ['UBSWCHZH80A'] },
  { country: 'GB', names: ['Thornton Software Ltd'], bics: ['BARCGB22'] },
];

export const ROUTING_CODES: readonly string[] = [
  'SERVICE-COMPTA',
  'ACHATS',
  'FACT-FOURNISSEURS',
  'DAF',
  'ATELIER-NORD',
  'CHANTIERS',
  'SIEGE-COMPTA',
];

/** Factoring companies that appear as payee (BG-10) when a seller has assigned its receivables. */
export const FACTOR_NAMES: readonly string[] = [
  'AFFACTURAGE RHONE-ALPES SA',
  'FINANCEMENT CREANCES PRO SAS',
];

/**
 * Suppliers who invoice our company on a schedule rather than at random: the monthly overheads an
 * accountant books the same way every month (rent, telephone, energy, the accountant's own fees)
 * and an equipment maker whose machines are fixed assets (issue 17: the pre-accounting needs
 * recurring third parties and a 2xx purchase to be shown and tested).
 */
export interface ScheduledSupplier {
  name: string;
  legalForm: string;
  trade: Trade;
  /** The day of the month the invoice is due to be deposited (1-28). */
  day: number;
  /** Months (1-12) it invoices in; every month when absent. */
  months?: readonly number[];
  /** HT amount of the invoice's single line, in cents: fixed when min = max. */
  cents: readonly [number, number];
  processType: 'S1' | 'B1';
  /** BT-19, the buyer's accounting reference: the PCG account our company books it to. */
  account: string;
}

export const SCHEDULED_SUPPLIERS: readonly ScheduledSupplier[] = [
  {
    // Commercial rent with the VAT option: a service, VAT due on payment.
    name: 'SCI DU PARC DE LA SAONE',
    legalForm: 'SCI',
    trade: { label: 'IMMOBILIER', kind: 'services', rates: STD, lineCents: [285000, 285000] },
    day: 1,
    cents: [285000, 285000],
    processType: 'S1',
    account: '613200',
  },
  {
    name: 'TELECOM PRO RHONE-ALPES SAS',
    legalForm: 'SAS',
    trade: { label: 'TELECOMMUNICATIONS', kind: 'services', rates: STD, lineCents: [14000, 19000] },
    day: 5,
    cents: [14000, 19000],
    processType: 'S1',
    account: '626000',
  },
  {
    // Electricity is a good for VAT (CGI art. 256 III): VAT due on delivery, not on payment.
    name: 'ENERGIES DU LYONNAIS SA',
    legalForm: 'SA',
    trade: { label: 'ENERGIE', kind: 'goods', rates: STD, lineCents: [60000, 140000] },
    day: 10,
    cents: [60000, 140000],
    processType: 'B1',
    account: '606100',
  },
  {
    name: 'LAMY & ASSOCIES EXPERTISE COMPTABLE SARL',
    legalForm: 'SARL',
    trade: {
      label: 'EXPERTISE COMPTABLE',
      kind: 'services',
      rates: STD,
      lineCents: [78000, 78000],
    },
    day: 25,
    cents: [78000, 78000],
    processType: 'S1',
    account: '622600',
  },
  {
    // A few machines a year, each a fixed asset (PCG 2154 matériel industriel).
    name: 'MACHINES-OUTILS DU DAUPHINE SAS',
    legalForm: 'SAS',
    trade: { label: 'MACHINES-OUTILS', kind: 'goods', rates: STD, lineCents: [800000, 6000000] },
    day: 12,
    months: [3, 6, 10],
    cents: [800000, 6000000],
    processType: 'B1',
    account: '215400',
  },
];
