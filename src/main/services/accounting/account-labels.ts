// The label of an account (CompteLib, never empty in a FEC: art. A47 A-1 LPF): the company's own
// accounts by what the settings use them for, any other by the nearest account of the PCG's
// list (its longest prefix here), else its class. French: the words of the Plan comptable général.
import type { AccountPlan } from '#shared/accounting.ts';

/** What each account of the settings is for. */
export const PLAN_LABELS: Record<keyof AccountPlan, string> = {
  customers: 'Clients',
  suppliers: 'Fournisseurs',
  revenueGoods: 'Ventes de marchandises',
  revenueServices: 'Prestations de services',
  revenueIntraEu: 'Livraisons intracommunautaires',
  revenueExport: "Ventes à l'export",
  expenseGoods: 'Achats de marchandises',
  expenseServices: "Achats d'études et prestations de services",
  vatCollected: 'TVA collectée',
  vatDeductible: 'TVA déductible sur autres biens et services',
  vatDeductibleAssets: 'TVA déductible sur immobilisations',
  vatCollectedOnPayment: "TVA collectée en attente d'encaissement",
  vatDeductibleOnPayment: 'TVA déductible en attente de paiement',
  vatReverseChargeDue: 'TVA due intracommunautaire',
  vatReverseChargeDeductible: 'TVA déductible intracommunautaire',
  roundingLoss: "Écarts d'arrondi (charge)",
  roundingGain: "Écarts d'arrondi (produit)",
  suspense: "Compte d'attente",
};

/** PCG accounts a third party's revenue, expense or fixed-asset account often is. */
const PCG: Record<string, string> = {
  '2': 'Immobilisations',
  '20': 'Immobilisations incorporelles',
  '205': 'Concessions, brevets, licences, logiciels',
  '21': 'Immobilisations corporelles',
  '213': 'Constructions',
  '215': 'Installations techniques, matériel et outillage',
  '218': 'Autres immobilisations corporelles',
  '2182': 'Matériel de transport',
  '2183': 'Matériel de bureau et matériel informatique',
  '2184': 'Mobilier',
  '4': 'Comptes de tiers',
  '401': 'Fournisseurs',
  '404': "Fournisseurs d'immobilisations",
  '411': 'Clients',
  '445': "État, taxes sur le chiffre d'affaires",
  '6': 'Charges',
  '60': 'Achats',
  '601': 'Achats stockés, matières premières',
  '602': 'Achats stockés, autres approvisionnements',
  '604': "Achats d'études et prestations de services",
  '606': 'Achats non stockés de matières et fournitures',
  '6061': 'Fournitures non stockables (eau, énergie)',
  '6063': "Fournitures d'entretien et de petit équipement",
  '6064': 'Fournitures administratives',
  '607': 'Achats de marchandises',
  '61': 'Services extérieurs',
  '611': 'Sous-traitance générale',
  '613': 'Locations',
  '615': 'Entretien et réparations',
  '616': "Primes d'assurances",
  '618': 'Divers (documentation, séminaires)',
  '62': 'Autres services extérieurs',
  '622': "Rémunérations d'intermédiaires et honoraires",
  '6226': 'Honoraires',
  '623': 'Publicité, publications, relations publiques',
  '624': 'Transports de biens et transports collectifs du personnel',
  '625': 'Déplacements, missions et réceptions',
  '626': 'Frais postaux et de télécommunications',
  '627': 'Services bancaires et assimilés',
  '628': 'Divers',
  '7': 'Produits',
  '70': 'Ventes de produits fabriqués, prestations de services, marchandises',
  '701': 'Ventes de produits finis',
  '704': 'Travaux',
  '706': 'Prestations de services',
  '707': 'Ventes de marchandises',
  '708': 'Produits des activités annexes',
};

/** CompteLib of `account`: what the settings use it for, else the PCG's nearest, else "Compte". */
export function accountLabel(account: string, plan: AccountPlan): string {
  for (const key of Object.keys(PLAN_LABELS) as (keyof AccountPlan)[])
    if (plan[key] === account) return PLAN_LABELS[key];
  for (let length = Math.min(account.length, 4); length >= 1; length -= 1) {
    const found = PCG[account.slice(0, length)];
    if (found) return found;
  }
  return `Compte ${account}`;
}

/** Labels of a plan's accounts and of the accounts met, computed once per account. */
export function accountLabels(plan: AccountPlan): (account: string) => string {
  const known = new Map<string, string>();
  return (account) => {
    let label = known.get(account);
    if (label === undefined) {
      label = accountLabel(account, plan);
      known.set(account, label);
    }
    return label;
  };
}
