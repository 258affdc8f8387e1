// Shared texts: shell, navigation, generic components, error kinds, invoice states.
export default {
  app: {
    name: 'Invoice Desk',
    skipToContent: 'Aller au contenu',
    startupFailed: 'Impossible de démarrer l’application',
  },
  repair: {
    title: 'Paramètres réparés au démarrage',
    unreadable:
      'Le fichier des paramètres était illisible (tronqué ou abîmé) : ce qui pouvait l’être a été récupéré.',
    partial: 'Des entrées non valables du fichier des paramètres ont été écartées.',
    kept: 'Récupéré',
    dropped: 'Écarté',
    backup: 'Copie du fichier d’origine, intacte :',
    backupLabel: 'l’emplacement de la copie',
    dismiss: 'J’ai compris',
    connectionNamed: 'la connexion n° {entry} « {name} »',
    connectionNumbered: 'la connexion n° {entry}',
    notes: {
      connection_kept: 'La connexion « {name} »',
      language_kept: 'La langue choisie : {name}',
      not_an_object: 'Le fichier ne contenait pas de paramètres lisibles.',
      settings_not_an_object: 'Les réglages étaient illisibles : valeurs par défaut rétablies.',
      work_offline_invalid:
        'Le choix « Travailler hors ligne » était illisible : l’app repart en ligne.',
      language_invalid: 'La langue était illisible : celle du système est reprise.',
      active_invalid: 'La connexion active était illisible : retour à la démonstration.',
      active_missing: 'La connexion active n’existe plus : retour à la démonstration.',
      connections_not_a_list:
        'La liste des connexions était illisible : aucune n’a pu être gardée.',
      connection_invalid: 'Écartée : {connection}, champs non valables ({fields}).',
      connection_duplicate: 'Écartée : {connection}, identifiant en double ou réservé.',
      connection_unknown_keys: 'Pour {connection}, des clés inconnues ont été retirées ({fields}).',
    },
  },
  nav: {
    portfolio: 'Portefeuille',
    followUp: 'Suivi',
    label: 'Navigation principale',
    invoices: 'Factures',
    directory: 'Annuaire',
    participants: 'Participants',
    webhooks: 'Webhooks',
    reports: 'Rapports',
    accounting: 'Comptabilité',
    settings: 'Connexions et paramètres',
    bank: 'Banque',
  },
  actions: {
    retry: 'Réessayer',
    close: 'Fermer',
    cancel: 'Annuler',
    save: 'Enregistrer',
    delete: 'Supprimer',
    edit: 'Modifier',
    confirm: 'Confirmer',
    refresh: 'Actualiser',
    copy: 'Copier',
    copyValue: 'Copier {label}',
    copied: 'Copié',
    copyFailed: 'Copie impossible : sélectionnez le texte et copiez-le au clavier',
    showDetails: 'Détails techniques',
  },
  states: {
    PENDING: 'En attente',
    VALID: 'Valide',
    INVALID: 'Invalide',
    DUPLICATED: 'Doublon',
    WRONG_ROUTING: 'Erreur d’acheminement',
    NOT_DELIVERED: 'Non distribuée',
    DELIVERED: 'Distribuée',
    DELIVERY_PENDING: 'Distribution en attente',
    PROCESSING: 'En traitement',
    CONVERTED: 'Convertie',
    CONVERSION_FAILED: 'Échec de conversion',
  },
  stateHints: {
    PENDING: 'Reçue, sera traitée',
    VALID: 'A passé les contrôles de validation',
    INVALID: 'Rejetée pour un problème de validation',
    DUPLICATED: 'Rejetée : le même identifiant existe déjà',
    WRONG_ROUTING: 'Rejetée : aucune plateforme destinataire trouvée',
    NOT_DELIVERED: 'Non remise au destinataire',
    DELIVERED: 'Remise au destinataire',
    DELIVERY_PENDING: 'En attente de remise',
    PROCESSING: 'En cours de traitement',
    CONVERTED: 'Convertie',
    CONVERSION_FAILED: 'La conversion a échoué',
  },
  errors: {
    operatorSaid: 'Message de l’opérateur : {message}',
    // What happened, when the kind alone would send the user the wrong way (AppError.reason).
    reasons: {
      redirect:
        'L’opérateur a redirigé vers une autre adresse : la redirection n’est pas suivie. Vérifiez l’adresse de base et l’adresse du jeton.',
      not_json:
        'La réponse n’est pas du JSON : l’adresse mène sans doute à un proxy ou à une page de connexion, pas à l’API.',
      html: 'La réponse est une page HTML, pas des données : l’adresse mène sans doute à un site web ou à une page de connexion.',
      too_large:
        'Réponse trop volumineuse, lecture arrêtée : réduisez le nombre de lignes par page ou précisez la recherche.',
      insecure_http:
        'http:// n’est permis que pour cette machine : utilisez une adresse https:// pour que le secret voyage chiffré.',
      schema:
        'Les données reçues ne correspondent pas à l’interface publiée par l’opérateur (voir les détails techniques) : signalez-le à l’opérateur.',
      not_archived:
        'Hors ligne, et cette recherche n’a jamais été faite en ligne : l’archive n’en a pas de réponse enregistrée.',
      work_offline:
        'Vous travaillez hors ligne : rien n’est envoyé à l’opérateur. Désactivez « Travailler hors ligne » pour cette action.',
      permission: 'Ce dossier refuse l’écriture : choisissez-en un autre.',
      folder_missing: 'Ce dossier n’existe pas (ou plus) : choisissez-en un autre.',
      disk_full: 'Le disque est plein : libérez de la place ou choisissez un autre emplacement.',
      file_busy:
        'Un autre programme tient ce fichier ouvert (Excel ?) : fermez-le, puis réessayez.',
      archive_damaged:
        'L’archive de cette connexion est endommagée : une partie de son fichier est illisible. Elle a été mise de côté ; reconstruisez-la depuis l’opérateur (« Reconstruire l’archive »).',
      host_not_found:
        'Aucun serveur ne porte le nom de l’adresse de cette connexion : vérifiez l’adresse de base et l’adresse du jeton dans Connexions et paramètres (une faute de frappe ?). Si elles sont justes, vérifiez votre réseau.',
      secret_absent:
        'Le secret de ce client n’est pas sur ce poste : son archive se lit, mais la recherche en direct le demande. Saisissez-le dans Connexions et paramètres (Modifier).',
      firm_unreachable:
        'Le serveur de l’archive du cabinet est injoignable : rien n’a été enregistré, pour que ce changement ne reste pas sur ce seul poste à l’insu des autres. Réessayez quand le serveur répond de nouveau (le bandeau disparaît).',
      synced_elsewhere:
        'Un autre poste du cabinet synchronise ce client : l’archive du cabinet, que ce poste lit, se remplit pour tous les postes. Rien n’a été demandé à l’opérateur d’ici ; la date de la dernière synchronisation est celle de l’archive.',
    },
    // A reason's own title, where the kind's would mislead (see archive.errorTitles too).
    reasonTitles: {
      host_not_found: 'Adresse de l’opérateur introuvable',
      secret_absent: 'Secret absent de ce poste',
      firm_unreachable: 'Serveur du cabinet injoignable',
      synced_elsewhere: 'Synchronisé par un autre poste',
    },
    earlierAnswer:
      'Les lignes ci-dessous sont la réponse précédente à cette même recherche, du {date} : elles ne tiennent pas compte de ce qui a pu changer depuis.',
    status: 'Code HTTP {status}',
    auth: {
      title: 'Identifiants refusés',
      advice:
        'L’opérateur a refusé l’identifiant client ou le secret. Vérifiez-les dans Connexions et paramètres.',
    },
    forbidden: {
      title: 'Accès refusé',
      advice:
        'Cette connexion n’a pas le rôle nécessaire. Choisissez une connexion administrateur ou demandez le rôle à l’opérateur.',
    },
    not_found: {
      title: 'Introuvable',
      advice: 'L’élément demandé n’existe pas, ou plus, chez l’opérateur.',
    },
    conflict: {
      title: 'Conflit',
      advice: 'Un élément identique existe déjà. Modifiez-le ou supprimez-le d’abord.',
    },
    invalid_input: {
      title: 'Demande refusée',
      advice:
        'Vérifiez les critères saisis (format des identifiants, syntaxe de l’expression de recherche).',
    },
    rate_limited: {
      title: 'Trop de demandes',
      advice: 'L’opérateur limite le nombre d’appels. Patientez quelques secondes puis réessayez.',
    },
    offline: {
      title: 'Opérateur injoignable',
      advice:
        'Vérifiez votre réseau et l’adresse de l’opérateur. Les résultats déjà consultés restent disponibles hors ligne.',
    },
    timeout: {
      title: 'Pas de réponse à temps',
      advice: 'L’opérateur met trop de temps à répondre. Réessayez dans un moment.',
    },
    tls: {
      title: 'Connexion sécurisée impossible',
      advice:
        'Le certificat de l’opérateur n’a pas pu être vérifié. Vérifiez l’adresse (https) ou contactez votre service informatique.',
    },
    invalid_response: {
      title: 'Réponse inattendue de l’opérateur',
      advice:
        'L’opérateur a répondu dans un format que sa spécification ne prévoit pas. Vérifiez l’adresse de base de la connexion, sinon signalez-le à l’opérateur.',
    },
    server: {
      title: 'Erreur chez l’opérateur',
      advice: 'L’opérateur rencontre un problème. Réessayez plus tard.',
    },
    keychain: {
      title: 'Trousseau du système indisponible',
      advice:
        'Le secret ne peut pas être enregistré dans le trousseau. Vous pouvez le garder pour cette session seulement.',
    },
    cancelled: {
      title: 'Opération annulée',
      advice: 'Relancez-la si besoin.',
    },
    file: {
      title: 'Le fichier n’a pas pu être écrit',
      advice:
        'Rien n’a été laissé à moitié écrit. Choisissez un autre emplacement, puis réessayez.',
    },
  },
  status: {
    loading: 'Chargement…',
    empty: 'Rien à afficher',
  },
  table: {
    sortAscending: 'trié par ordre croissant',
    sortDescending: 'trié par ordre décroissant',
    sortBy: 'Trier par {column}',
    rowCount: { one: '{count} ligne', other: '{count} lignes' },
    keyboardHint: 'Flèches pour parcourir, Entrée pour ouvrir',
  },
  pager: {
    label: 'Pagination',
    previous: 'Page précédente',
    next: 'Page suivante',
    first: 'Première page',
    range: '{from}–{to} sur {total}',
    rangeEmpty: '0 sur {total}',
    pageSize: 'Lignes par page',
    page: 'Page {page} sur {pages}',
  },
  source: {
    live: 'En direct · {date}',
    archive: 'Archive, {date}',
    archiveHint:
      'Réponse enregistrée dans l’archive locale à cette date : l’opérateur n’a pas été interrogé.',
  },
  connection: {
    label: 'Connexion active',
    switched: 'Connexion active : {name}',
  },
  placeholder: {
    soon: 'Cet écran arrive bientôt.',
  },
  dateField: {
    placeholder: 'jj/mm/aaaa',
    hint: 'Date au format jj/mm/aaaa',
    errors: {
      format: 'Saisissez une date au format jj/mm/aaaa, par exemple 31/12/2026.',
      year: 'Saisissez une année entre 1900 et 2199.',
      month: 'Le mois doit être compris entre 01 et 12.',
      day: 'Cette date n’existe pas : {month} {year} compte {days} jours.',
    },
  },
  // Sums under a list of invoices (archive: the whole filter; live: the page shown).
  totals: {
    ht: 'Total HT',
    tva: 'Total TVA',
    ttc: 'Total TTC',
    creditNotes: 'avoirs déduits',
    inCurrency: '{count} en {currency}',
    // Sales and purchases are never added together: one line each.
    sides: { OUTBOUND: 'Ventes (factures émises)', INBOUND: 'Achats (factures reçues)' },
    side: '{side} ({count})',
  },
} as const;
