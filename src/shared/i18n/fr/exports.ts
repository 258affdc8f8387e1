// "Exporter vers Excel": the button, its progress and outcome on every screen with results, and
// the words main writes into a workbook's name and its "À propos" sheet.
export default {
  button: 'Exporter vers Excel',
  progressLabel: 'Progression de l’export',
  preparing: 'Préparation de l’export…',
  fetching: 'Lecture des données : {rows}',
  fetchingOf: 'Lecture des données : {rows} sur {total}',
  writing: 'Écriture du classeur : {rows}',
  writingOf: 'Écriture du classeur : {rows} sur {total}',
  cancel: 'Annuler',
  cancelLabel: 'Annuler l’export',
  saved: 'Enregistré : {path} ({rows})',
  downloaded: 'Téléchargement lancé : {file} ({rows})',
  rows: { one: '{count} ligne', other: '{count} lignes' },
  cancelled: 'Export annulé : aucun fichier n’a été écrit.',
  dismiss: 'Fermer le message',
  // The save dialog (Electron).
  dialog: {
    title: 'Exporter vers Excel',
    filter: 'Classeur Excel',
  },
  // File names: <name>-<YYYY-MM-DD>.xlsx, lower case, no spaces.
  fileNames: {
    invoices: 'Factures',
    archive: 'Factures archive',
    invoice: 'Facture',
    directory: 'Annuaire',
    participants: 'Participants',
    webhooks: 'Webhooks',
    thirdParties: 'Tiers',
  },
  // What the "À propos" sheet says of the query and of what the rows cover.
  about: {
    allInvoices: 'Toutes les factures (aucun filtre)',
    allArchived: 'Toutes les factures archivées (aucun filtre)',
    allWebhooks: 'Tous les webhooks de la connexion',
    invoice: 'Facture {number} (identifiant plateforme {id})',
    participants: 'Recherche : {value}',
    invoiceCoverage: 'La facture entière, lue en direct chez l’opérateur.',
    liveAll: 'Toutes les factures que l’opérateur donne pour cette requête ({count}).',
    liveCut:
      'Coupé par la fenêtre de l’opérateur (1 200 factures) : {count} factures correspondent à la requête, les {shown} plus récentes sont exportées. Pour tout exporter : Factures › Archive, « Synchroniser », puis « Exporter vers Excel » au-dessus de la liste de l’archive.',
    directoryAll: 'Toutes les entrées de l’annuaire pour cette requête ({count}).',
    directoryCut:
      'Coupé à {shown} entrées : {count} entrées correspondent à la requête. Précisez la recherche.',
    participantsAll: 'Tous les participants trouvés ({count}).',
    participantsCut: 'Coupé à {shown} participants : précisez la recherche.',
    webhooksAll: 'Tous les webhooks de la connexion ({count}).',
    archiveEmpty: 'L’archive de cette connexion est vide : aucune synchronisation encore.',
    archivePartitions: {
      one: 'Archive : {complete} partition (sens × état) sur {total} lue en entier lors de la dernière synchronisation.',
      other:
        'Archive : {complete} partitions (sens × état) sur {total} lues en entier lors de la dernière synchronisation.',
    },
    archiveCut: 'Coupées par la fenêtre de l’opérateur (1 200 factures) : {list}.',
    archiveCutEntry: '{direction} · {state} ({archived} sur {operator})',
    archiveNeverSynced: {
      one: 'Jamais synchronisée : {count} partition.',
      other: 'Jamais synchronisées : {count} partitions.',
    },
    archiveDetails: {
      one: 'Ventilation TVA : détails complets archivés pour {details} facture sur {rows}.',
      other: 'Ventilation TVA : détails complets archivés pour {details} factures sur {rows}.',
    },
    filters: {
      // The filters' own names are the archive screen's (i18n archive.ts).
      from: 'à partir du {date}',
      to: 'jusqu’au {date}',
      between: 'du {from} au {to}',
      min: 'au moins {amount}',
      max: 'au plus {amount}',
      detailFetched: 'Détails complets',
      detailYes: 'archivés',
      detailNo: 'pas encore archivés',
      sort: 'Tri',
      descending: 'décroissant',
      ascending: 'croissant',
      vatNumber: 'n° de TVA',
    },
  },
} as const;
