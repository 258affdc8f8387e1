// Real French cities with their real postal codes, and street names as they appear on invoices.
// Weighted towards the Lyon area, where the demo account's own company is based.

export interface City {
  name: string;
  postalCode: string;
  weight: number;
}

export const FRENCH_CITIES: readonly City[] = [
  { name: 'Lyon', postalCode: '69003', weight: 6 },
  { name: 'Lyon', postalCode: '69007', weight: 4 },
  { name: 'Lyon', postalCode: '69009', weight: 3 },
  { name: 'Villeurbanne', postalCode: '69100', weight: 4 },
  { name: 'Vénissieux', postalCode: '69200', weight: 2 },
  { name: 'Saint-Priest', postalCode: '69800', weight: 2 },
  { name: 'Écully', postalCode: '69130', weight: 1 },
  { name: 'Villefranche-sur-Saône', postalCode: '69400', weight: 2 },
  { name: 'Vienne', postalCode: '38200', weight: 1 },
  { name: 'Bourg-en-Bresse', postalCode: '01000', weight: 1 },
  { name: 'Saint-Étienne', postalCode: '42000', weight: 2 },
  { name: 'Roanne', postalCode: '42300', weight: 1 },
  { name: 'Grenoble', postalCode: '38000', weight: 2 },
  { name: 'Annecy', postalCode: '74000', weight: 1 },
  { name: 'Chambéry', postalCode: '73000', weight: 1 },
  { name: 'Valence', postalCode: '26000', weight: 1 },
  { name: 'Mâcon', postalCode: '71000', weight: 1 },
  { name: 'Chalon-sur-Saône', postalCode: '71100', weight: 1 },
  { name: 'Clermont-Ferrand', postalCode: '63000', weight: 1 },
  { name: 'Dijon', postalCode: '21000', weight: 1 },
  { name: 'Paris', postalCode: '75002', weight: 3 },
  { name: 'Paris', postalCode: '75008', weight: 3 },
  { name: 'Paris', postalCode: '75011', weight: 2 },
  { name: 'Paris', postalCode: '75015', weight: 2 },
  { name: 'Boulogne-Billancourt', postalCode: '92100', weight: 1 },
  { name: 'Nanterre', postalCode: '92000', weight: 1 },
  { name: 'Montreuil', postalCode: '93100', weight: 1 },
  { name: 'Argenteuil', postalCode: '95100', weight: 1 },
  { name: 'Marseille', postalCode: '13002', weight: 2 },
  { name: 'Aix-en-Provence', postalCode: '13100', weight: 1 },
  { name: 'Toulon', postalCode: '83000', weight: 1 },
  { name: 'Nice', postalCode: '06000', weight: 1 },
  { name: 'Avignon', postalCode: '84000', weight: 1 },
  { name: 'Nîmes', postalCode: '30000', weight: 1 },
  { name: 'Montpellier', postalCode: '34000', weight: 1 },
  { name: 'Perpignan', postalCode: '66000', weight: 1 },
  { name: 'Toulouse', postalCode: '31000', weight: 2 },
  { name: 'Albi', postalCode: '81000', weight: 1 },
  { name: 'Bordeaux', postalCode: '33000', weight: 2 },
  { name: 'Pau', postalCode: '64000', weight: 1 },
  { name: 'Bayonne', postalCode: '64100', weight: 1 },
  { name: 'La Rochelle', postalCode: '17000', weight: 1 },
  { name: 'Niort', postalCode: '79000', weight: 1 },
  { name: 'Poitiers', postalCode: '86000', weight: 1 },
  { name: 'Limoges', postalCode: '87000', weight: 1 },
  { name: 'Tours', postalCode: '37000', weight: 1 },
  { name: 'Orléans', postalCode: '45000', weight: 1 },
  { name: 'Nantes', postalCode: '44000', weight: 2 },
  { name: 'Angers', postalCode: '49000', weight: 1 },
  { name: 'Le Mans', postalCode: '72000', weight: 1 },
  { name: 'Rennes', postalCode: '35000', weight: 2 },
  { name: 'Saint-Malo', postalCode: '35400', weight: 1 },
  { name: 'Vannes', postalCode: '56000', weight: 1 },
  { name: 'Lorient', postalCode: '56100', weight: 1 },
  { name: 'Quimper', postalCode: '29000', weight: 1 },
  { name: 'Brest', postalCode: '29200', weight: 1 },
  { name: 'Caen', postalCode: '14000', weight: 1 },
  { name: 'Rouen', postalCode: '76000', weight: 1 },
  { name: 'Le Havre', postalCode: '76600', weight: 1 },
  { name: 'Amiens', postalCode: '80000', weight: 1 },
  { name: 'Lille', postalCode: '59000', weight: 2 },
  { name: 'Roubaix', postalCode: '59100', weight: 1 },
  { name: 'Tourcoing', postalCode: '59200', weight: 1 },
  { name: 'Reims', postalCode: '51100', weight: 1 },
  { name: 'Troyes', postalCode: '10000', weight: 1 },
  { name: 'Metz', postalCode: '57000', weight: 1 },
  { name: 'Nancy', postalCode: '54000', weight: 1 },
  { name: 'Strasbourg', postalCode: '67000', weight: 2 },
  { name: 'Colmar', postalCode: '68000', weight: 1 },
  { name: 'Mulhouse', postalCode: '68100', weight: 1 },
  { name: 'Besançon', postalCode: '25000', weight: 1 },
];

export const STREETS: readonly string[] = [
  'rue de la République',
  'avenue Jean Jaurès',
  'boulevard Gambetta',
  'rue Victor Hugo',
  'place de la Liberté',
  'rue du Général de Gaulle',
  'chemin des Vignes',
  'allée des Tilleuls',
  'rue Pasteur',
  'avenue de la Gare',
  'rue des Artisans',
  'impasse des Lilas',
  'rue Garibaldi',
  'cours Lafayette',
  'rue de la Paix',
  'avenue Foch',
  'rue du Moulin',
  'route de Lyon',
  'rue Émile Zola',
  'boulevard des Belges',
  'rue de l’Industrie',
  'avenue des Frères Lumière',
  'rue Paul Bert',
  'quai Saint-Vincent',
  'rue Jules Ferry',
  'rue des Forges',
  'avenue du Maréchal Leclerc',
  'rue Anatole France',
  'chemin du Stade',
  'rue de la Poste',
];

/** Second address lines: business parks, buildings, PO boxes. */
export const ADDRESS_LINE_TWO: readonly string[] = [
  'ZA des Platanes',
  'ZI Nord',
  'Bâtiment B',
  'Parc d’activités du Moulin',
  'ZAC de la Plaine',
  'CS 20145',
  'BP 312',
  '2e étage',
];

/** Telephone prefix (+33 n) of a postal code, by the five French telephone zones. */
export function phoneZone(postalCode: string): number {
  const dep = Number(postalCode.slice(0, 2));
  if ([75, 77, 78, 91, 92, 93, 94, 95].includes(dep)) return 1;
  if (
    [14, 22, 27, 28, 29, 35, 37, 41, 44, 45, 49, 50, 53, 56, 61, 72, 76, 85, 36, 18].includes(dep)
  )
    return 2;
  if (
    [2, 8, 10, 21, 25, 39, 51, 52, 54, 55, 57, 59, 62, 67, 68, 70, 71, 80, 88, 89, 90, 60].includes(
      dep,
    )
  )
    return 3;
  if ([1, 4, 5, 6, 7, 13, 26, 30, 34, 38, 42, 43, 48, 69, 73, 74, 83, 84, 63].includes(dep))
    return 4;
  return 5;
}

export interface ForeignCountry {
  country: string;
  cities: readonly (readonly [string, string])[];
  streets: readonly string[];
  currency: string;
}

export const FOREIGN_COUNTRIES: readonly ForeignCountry[] = [
  {
    country: 'BE',
    cities: [
      ['Bruxelles', '1000'],
      ['Liège', '4000'],
      ['Gent', '9000'],
      ['Antwerpen', '2000'],
    ],
    streets: ['Rue de la Loi', 'Avenue Louise', 'Kortrijksesteenweg', 'Meir'],
    currency: 'EUR',
  },
  {
    country: 'DE',
    cities: [
      ['München', '80331'],
      ['Köln', '50667'],
      ['Hamburg', '20095'],
      ['Stuttgart', '70173'],
      ['Frankfurt am Main', '60311'],
    ],
    streets: ['Hauptstraße', 'Industriestraße', 'Bahnhofstraße', 'Gewerbering'],
    currency: 'EUR',
  },
  {
    country: 'NL',
    cities: [
      ['Rotterdam', '3011 AA'],
      ['Utrecht', '3511 AB'],
      ['Eindhoven', '5611 AB'],
    ],
    streets: ['Coolsingel', 'Stationsplein', 'Industrieweg'],
    currency: 'EUR',
  },
  {
    country: 'IT',
    cities: [
      ['Milano', '20121'],
      ['Torino', '10121'],
      ['Bologna', '40121'],
    ],
    streets: ['Via Roma', 'Corso Italia', 'Via Garibaldi'],
    currency: 'EUR',
  },
  {
    country: 'ES',
    cities: [
      ['Barcelona', '08001'],
      ['Valencia', '46001'],
      ['Zaragoza', '50001'],
    ],
    streets: ['Calle Mayor', 'Avenida Diagonal', 'Calle de Alcalá'],
    currency: 'EUR',
  },
  {
    country: 'LU',
    cities: [
      ['Luxembourg', '1118'],
      ['Esch-sur-Alzette', '4001'],
    ],
    streets: ['Rue du Fossé', 'Boulevard Royal'],
    currency: 'EUR',
  },
  {
    country: 'CH',
    cities: [
      ['Genève', '1201'],
      ['Zürich', '8001'],
    ],
    streets: ['Rue du Rhône', 'Bahnhofstrasse'],
    currency: 'CHF',
  },
  {
    country: 'GB',
    cities: [
      ['London', 'EC1A 1BB'],
      ['Manchester', 'M1 1AE'],
    ],
    streets: ['High Street', 'King Street'],
    currency: 'GBP',
  },
];
