// The VAT return draft (3310-CA3): the Rapports tab "Déclaration de TVA", its workbook and the
// CLI. Box labels as the form and its notice word them (cerfa 10963, 2025/2026 layout).
export default {
  tab: 'Déclaration de TVA',
  name: 'Déclaration de TVA',
  intro:
    'Brouillon de la déclaration 3310-CA3, case par case, calculé sur l’archive et vos réglages comptables. Reportez les montants en euros entiers sur le formulaire.',
  periodNeeded:
    'Une déclaration de TVA couvre un mois ou un trimestre : choisissez « Mois » ou « Trimestre » dans la période.',
  sections: {
    taxable: 'Opérations imposables (montants hors taxe)',
    nonTaxable: 'Opérations non imposables',
    gross: 'TVA brute',
    deductible: 'TVA déductible',
    result: 'Résultat',
  },
  boxes: {
    A1: 'Ventes, prestations de services',
    A2: 'Autres opérations imposables',
    A3: 'Achats de prestations de services réalisés auprès d’un assujetti non établi en France (article 283-2 du CGI)',
    A4: 'Importations',
    B2: 'Acquisitions intracommunautaires',
    B4: 'Achats de biens ou de prestations de services réalisés auprès d’un assujetti non établi en France (article 283-1 du CGI)',
    E1: 'Exportations hors UE',
    E2: 'Autres opérations non imposables',
    F2: 'Livraisons intracommunautaires à destination d’une personne assujettie',
    '08': 'Taux normal 20 %',
    '9B': 'Taux réduit 10 %',
    '09': 'Taux réduit 5,5 %',
    T6: 'Taux particulier 2,1 % (France métropolitaine)',
    '16': 'Total de la TVA brute due',
    '17': 'Dont TVA sur acquisitions intracommunautaires',
    '19': 'Biens constituant des immobilisations',
    '20': 'Autres biens et services',
    '21': 'Autre TVA à déduire',
    '22': 'Report du crédit apparaissant ligne 27 de la précédente déclaration',
    '23': 'Total TVA déductible',
    TD: 'TVA due (ligne 16 − ligne 23)',
    '25': 'Crédit de TVA (ligne 23 − ligne 16)',
    '27': 'Crédit à reporter',
    '28': 'TVA nette due',
  },
  columns: {
    code: 'Case',
    label: 'Libellé',
    base: 'Base hors taxe',
    tax: 'Taxe',
    amount: 'Montant',
    form: 'Sur le formulaire (€)',
    exact: 'Montant exact',
    baseForm: 'Base sur le formulaire (€)',
    baseExact: 'Base exacte',
    taxForm: 'Taxe sur le formulaire (€)',
    taxExact: 'Taxe exacte',
    invoices: 'Factures',
    dueDay: 'Exigibilité',
    rule: 'Règle appliquée',
    creditNote: 'Avoir',
    reason: 'Motif',
    wouldChange: 'Changerait',
  },
  rules: {
    sale_taxable: 'Vente en France soumise à la TVA : base en A1, taxe sur la ligne de son taux',
    sale_vat_on_payment:
      'TVA exigible à l’encaissement : comptée dans la période de son statut 212 « Encaissée »',
    sale_intra_eu: 'Livraison intracommunautaire (catégorie K) : ligne F2',
    sale_export: 'Exportation hors UE (catégorie G) : ligne E1',
    sale_exempt: 'Opération exonérée ou non imposable en France : ligne E2',
    purchase_deductible: 'Achat de biens ou de services : TVA déductible ligne 20',
    purchase_deductible_on_payment:
      'TVA déductible à l’encaissement : comptée dans la période de son statut 212 « Encaissée »',
    purchase_fixed_asset: 'Immobilisation (compte 2xx du fournisseur) : TVA déductible ligne 19',
    reverse_charge_services:
      'Autoliquidation, services d’un prestataire non établi en France : base A3, TVA au taux français due et déduite ligne 20',
    reverse_charge_intra_eu_goods:
      'Autoliquidation, biens d’un fournisseur de l’UE : base B2, TVA au taux français due (dont ligne 17) et déduite ligne 20 ou 19',
    reverse_charge_other:
      'Autoliquidation, autre achat auprès d’un fournisseur non établi en France : base B4, TVA au taux français due et déduite ligne 20',
    reverse_charge_domestic:
      'Autoliquidation auprès d’un fournisseur établi en France (sous-traitance du BTP, art. 283-2 nonies du CGI) : base A2, TVA due et déduite ligne 20',
    credit_note: 'Avoir : réduit les cases que sa facture remplit',
  },
  computed: 'Case calculée à partir des autres : aucune facture derrière elle.',
  carried: {
    label: 'Crédit reporté de la déclaration précédente (ligne 22), en euros',
    hint: 'Le montant de la ligne 27 de votre déclaration précédente. Il est gardé pour cette période.',
    save: 'Enregistrer le report',
    saved: 'Report de crédit enregistré : {amount}.',
    invalid: 'Saisissez un montant positif en euros, par exemple 1 250,00.',
  },
  boxInvoices: 'Factures de la case {code}',
  boxInvoicesCount: {
    one: '{count} facture dans la case {code}',
    other: '{count} factures dans la case {code}',
  },
  open: 'Voir les factures de la case {code}',
  close: 'Fermer la liste',
  noInvoices: 'Aucune facture dans cette case pour la période.',
  aside: {
    held: 'Mises en attente',
    heldHint:
      'En litige (207) ou suspendues (208) : elles ne comptent pas tant que vous n’avez pas décidé.',
    lacking: 'Incomplètes',
    lackingHint:
      'Sans détail archivé, en devise ou aux totaux incohérents : elles ne comptent pas. La colonne « Changerait » dit ce qu’elles ajouteraient.',
    leftOut: 'Écartées',
    leftOutHint:
      'Refusées (210), rejetées (213), invalides ou en doublon : elles ne comptent nulle part.',
    none: 'Aucune.',
    count: { one: '{count} facture', other: '{count} factures' },
    reasons: {
      disputed: 'En litige (207)',
      suspended: 'Suspendue (208)',
      no_details: 'Détail non archivé',
      foreign_currency: 'En devise autre que l’euro',
      totals_mismatch: 'Totaux incohérents',
      other_rate:
        'Taux sans ligne métropolitaine sur le formulaire (DOM, Corse : lignes 10, 11 ou annexe 3310-A)',
    },
    change: '{code} : {amount}',
  },
  check: {
    title: 'Contrôle avec les écritures',
    agrees: 'Concorde avec les écritures',
    differs:
      'Écart avec les écritures : TVA collectée {collected}, TVA déductible {deductible} ; effet sur la TVA due : {net}',
    collected: 'TVA collectée',
    deductible: 'TVA déductible',
    inReturn: 'Déclaration',
    inEntries: 'Écritures',
    difference: 'Écart',
    explanations: 'Explications',
    sentence: '{invoice} : {why} ({sides}).',
    invoice: 'Facture {number}{party} du {date}',
    party: ' ({name})',
    sideSeparator: ' ; ',
    side: {
      collected: 'TVA collectée : déclaration {inReturn}, écritures {inEntries}',
      deductible: 'TVA déductible : déclaration {inReturn}, écritures {inEntries}',
    },
    basis: {
      invoice_date: ' (à la date de la facture)',
      delivery_date: ' (à la livraison)',
      payment_date: ' (à l’encaissement)',
      intra_eu: ' (échange intracommunautaire : le 15 du mois suivant la livraison)',
    },
    why: {
      other_rate:
        'un taux sans ligne métropolitaine sur la déclaration (lignes 10 / 11 ou annexe 3310-A) : hors déclaration, passée dans les écritures',
      due_outside:
        'TVA exigible le {dueDay}{basis}, hors période : dans les écritures de sa date, pas dans la déclaration',
      due_inside:
        'TVA exigible le {dueDay}{basis}, dans la période : dans la déclaration, ses écritures sont à sa date',
      reverse_charge_unpaid:
        'TVA autoliquidée exigible à l’encaissement, pas encore encaissée (aucun statut 212 dans la période) : dans les écritures de sa date, pas dans la déclaration',
      counted_differently: 'la déclaration et les écritures ne la comptent pas de la même façon',
    },
  },
  workbook: {
    sheets: {
      form: 'Déclaration CA3',
      box: 'Case {code}',
      aside: 'Attente et incomplètes',
      leftOut: 'Écartées',
      check: 'Contrôle écritures',
    },
    title: 'Déclaration de TVA (CA3) · {period}',
    company: 'Entreprise',
    formNote:
      'Les montants « sur le formulaire » sont arrondis à l’euro le plus proche, comme le demande la notice ; les montants exacts sont au centime. Chaque case remplie par des factures a sa feuille « Case … ».',
    kind: 'Liste',
  },
  // "Déclarée" (issue 26, item 6).
  declared: {
    title: 'Déclaration déposée',
    deadline: 'À déposer le {day} au plus tard.',
    late: 'En retard : l’échéance était le {day}.',
    day: 'Déposée le',
    amount: 'Montant déclaré (€, négatif pour un crédit)',
    mark: 'Marquer comme déclarée',
    amountInvalid: 'Un montant en euros, par exemple 1 234,56 ou -120,00.',
    done: 'Déclarée le {day} pour {amount}, par {by}.',
    unchanged: 'Rien n’a changé dans l’archive depuis : les chiffres sont ceux déclarés.',
    changed: {
      one: '{count} facture a changé depuis la déclaration :',
      other: '{count} factures ont changé depuis la déclaration :',
    },
    changesCaption: 'Ce qui a changé depuis la déclaration',
    invoice: 'Facture',
    what: 'Changement',
    boxes: 'Cases (déclaré → aujourd’hui)',
    cell: '{code} : {declared} → {now}',
    kinds: { added: 'ajoutée', removed: 'retirée', changed: 'modifiée' },
    undo: 'Annuler la déclaration',
    // On the firm's archive (issue 30), where another workstation may have recorded it.
    doneShared: 'Déclarée le {day} pour {amount}, par {by} (enregistrée le {at}).',
  },
} as const;
