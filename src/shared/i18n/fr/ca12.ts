// The simplified regime's annual return (3517-S CA12, issue 26 item 4): shown where the CA3 is
// (Rapports › Déclaration de TVA, a year), its workbook and the CLI. Line labels as the form's
// notice words them; check each line's number against the current notice before relying on it.
export default {
  name: 'Déclaration annuelle CA12',
  title: 'Déclaration annuelle de TVA (CA12) · {year}',
  intro:
    'Brouillon de la déclaration 3517-S CA12 du régime simplifié, ligne par ligne : l’année entière calculée avec les mêmes règles que la CA3, puis les deux acomptes versés. Reportez les montants en euros entiers.',
  yearNeeded:
    'Au régime simplifié, la déclaration couvre l’année civile : choisissez « Année » dans la période.',
  sections: {
    nonTaxable: 'Opérations non imposables',
    gross: 'TVA brute',
    deductible: 'TVA déductible',
    result: 'TVA nette',
    settlement: 'Décompte des acomptes et solde',
  },
  lines: {
    '02': 'Exportations hors UE',
    '03': 'Autres opérations non imposables',
    '04': 'Livraisons intracommunautaires',
    '08': 'Taux normal 20 %',
    '9B': 'Taux réduit 10 %',
    '09': 'Taux réduit 5,5 %',
    T6: 'Taux particulier 2,1 % (France métropolitaine)',
    '16': 'Total de la TVA brute due',
    '17': 'Dont TVA sur acquisitions intracommunautaires',
    '20': 'Biens constituant des immobilisations',
    '21': 'Autres biens et services',
    '22': 'Autre TVA à déduire',
    '24': 'Crédit antérieur non imputé et non remboursé',
    '26': 'Total TVA déductible',
    '28': 'TVA due (ligne 16 − ligne 26)',
    '29': 'Crédit de TVA (ligne 26 − ligne 16)',
    '30': 'Acomptes versés (juillet et décembre)',
    '33': 'Solde à payer (ligne 28 − ligne 30)',
    '34': 'Excédent de versement (ligne 30 − ligne 28)',
    '57': 'Base des acomptes de l’année suivante (TVA due avant déduction des immobilisations)',
  },
  fromCa3: 'Cases de la CA3 : {codes}',
  instalments: {
    title: 'Acomptes de l’année',
    july: 'Acompte de juillet (55 %)',
    december: 'Acompte de décembre (40 %)',
    base: 'Base : TVA due en {year} avant déduction des immobilisations (ligne 57), {amount}',
    fromInvoices: { one: 'calculée sur {count} facture', other: 'calculée sur {count} factures' },
    exempt: 'Aucun acompte : la base de {year} ({amount}) est inférieure à 1 000 €.',
    unknown: 'L’archive ne contient aucune facture de {year} : aucun acompte n’est calculé.',
  },
  workbook: {
    sheets: { form: 'Déclaration CA12' },
    formNote:
      'Les montants « sur le formulaire » sont arrondis à l’euro ; les totaux additionnent les lignes arrondies, comme le formulaire. Les factures de chaque ligne sont sur les feuilles « Case … » des cases de la CA3 indiquées.',
    from: 'Cases CA3',
  },
} as const;
