// The firm's portfolio (issue 19): every client company on one page.
export default {
  title: 'Portefeuille',
  intro:
    'Chaque dossier client, lu dans son archive (hors ligne aussi) : les factures émises et reçues ce mois-ci, ce qui attend une action (statuts, échues non payées, tiers à affecter) et la TVA de la déclaration à déposer, avec son échéance.',
  tableLabel: 'Dossiers clients',
  filter: 'Filtrer les dossiers',
  filterHint: 'Nom ou SIREN',
  onlyToAct: 'Seulement les dossiers avec quelque chose à traiter',
  shown: { one: '{shown} dossier sur {count}', other: '{shown} dossiers sur {count}' },
  empty: 'Aucun dossier ne correspond au filtre.',
  never: 'Jamais synchronisée',
  neverShort: 'Jamais',
  complete: 'complète',
  partial: 'partielle',
  noArchive: 'Pas encore d’archive : synchronisez ce dossier.',
  computing: 'Calcul en cours',
  unreadable: 'Archive illisible',
  columns: {
    company: 'Dossier',
    lastSync: 'Dernière synchro',
    issued: 'Émises',
    received: 'Reçues',
    code213: 'Rejetées',
    code210: 'Refusées',
    code207: 'En litige',
    code208: 'Suspendues',
    pastDue: 'Échues',
    toMap: 'Tiers à affecter',
    vat: 'TVA à déclarer',
    bank: 'Banque',
  },
  // The bank column's second line: the suggestions to confirm, short.
  bankSuggestedShort: '{count} sugg.',
  // Under the amount, on the cell's second line.
  vatDue: 'à payer',
  vatCredit: 'de crédit',
  open: {
    issued: {
      one: '{company} : {count} facture émise ce mois-ci',
      other: '{company} : les {count} factures émises ce mois-ci',
    },
    received: {
      one: '{company} : {count} facture reçue ce mois-ci',
      other: '{company} : les {count} factures reçues ce mois-ci',
    },
    code213: {
      one: '{company} : {count} facture rejetée',
      other: '{company} : les {count} factures rejetées',
    },
    code210: {
      one: '{company} : {count} facture refusée',
      other: '{company} : les {count} factures refusées',
    },
    code207: {
      one: '{company} : {count} facture en litige',
      other: '{company} : les {count} factures en litige',
    },
    code208: {
      one: '{company} : {count} facture suspendue',
      other: '{company} : les {count} factures suspendues',
    },
    pastDue: {
      one: '{company} : l’échéancier, {count} facture échue non payée',
      other: '{company} : l’échéancier, {count} factures échues non payées',
    },
    toMap: {
      one: '{company} : {count} tiers à affecter',
      other: '{company} : les {count} tiers à affecter',
    },
    vat: '{company} : la déclaration de TVA du mois, {amount}',
    vatReturn: '{company} : la déclaration de TVA de {period}, {amount}, {deadline}',
    bankUnmatched: {
      one: '{company} : {count} ligne bancaire sans facture, à décider',
      other: '{company} : les {count} lignes bancaires sans facture, à décider',
    },
    bankSuggested: {
      one: '{company} : {count} ligne bancaire avec une suggestion à confirmer',
      other: '{company} : les {count} lignes bancaires avec une suggestion à confirmer',
    },
  },
  quarterName: '{n}e trim. {year}',
  deadlineShort: {
    upcoming: 'avant le {day}',
    due: 'avant le {day}',
    late: 'en retard ({day})',
    declared: 'déclarée',
  },
  // The return's deadline (issue 26), on the VAT cell's last line.
  deadline: {
    upcoming: 'à déposer le {day} au plus tard',
    due: 'à déposer le {day} au plus tard',
    late: 'en retard : échéance du {day}',
    declared: 'déclarée',
  },
  // Issue 27, item 2: a connection whose syncs fail, or figures not to be read as final.
  failing: 'En échec',
  nextTry: 'nouvel essai {date}',
  failingTitle: 'Synchronisation en échec ({count} fois) : {reason} Nouvel essai {date}.',
  noFigures: 'Aucun chiffre : ce dossier n’a encore rien synchronisé',
  partialFigures: 'chiffres partiels',
  partialFiguresTitle:
    'Une synchronisation est en cours ou s’est arrêtée avant la fin : ces chiffres changeront quand elle sera finie.',
  partialSuffix: ' (chiffre partiel, synchronisation inachevée)',
  openFailed: 'Impossible d’ouvrir ce dossier',
} as const;
