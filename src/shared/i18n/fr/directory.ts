// The French legal directory screen (screens/Directory.svelte). French is the reference.
export default {
  title: 'Annuaire légal français',
  intro:
    'Retrouvez une entreprise française par son nom, son SIREN ou son SIRET : ses établissements, leurs adresses et les identifiants sous lesquels elle reçoit ses factures électroniques.',
  search: {
    formLabel: 'Recherche dans l’annuaire',
    label: 'Nom, SIREN ou SIRET',
    placeholder: 'ex. BOULANGERIE, 123 456 789',
    hint: '9 chiffres : SIREN. 14 chiffres : SIRET. Les espaces sont acceptés. Sinon, un nom.',
    detected: {
      siren: 'Recherche par SIREN',
      siret: 'Recherche par SIRET',
      name: 'Recherche par nom',
    },
    match: {
      legend: 'Le nom',
      prefix: 'commence par',
      contains: 'contient',
      onlyName: 'Ne s’applique qu’à une recherche par nom.',
    },
    submit: 'Rechercher',
    required: 'Saisissez un nom, un SIREN ou un SIRET.',
    advanced: 'Requête avancée',
    queryLabel: 'Expression de recherche (q)',
    queryHint:
      'Syntaxe de l’opérateur : champ:"valeur", * comme joker. Exemples : name:"*BOULANGERIE*", siren:"123456789", siret:"12345678900012".',
    custom: 'Expression personnalisée : la recherche simple ne la reflète pas.',
    runQuery: 'Lancer cette requête',
    queryRequired: 'Saisissez une expression de recherche.',
  },
  idle: {
    title: 'Recherchez une entreprise',
    body: 'Saisissez un nom (par exemple le début de la raison sociale), un SIREN ou un SIRET, puis lancez la recherche.',
  },
  results: {
    heading: 'Résultats',
    loading: 'Recherche dans l’annuaire…',
    countOne: '1 entrée dans l’annuaire',
    countOther: '{count} entrées dans l’annuaire',
    range: 'Entrées {from} à {to} sur {count}',
    noneTitle: 'Aucune entreprise trouvée',
    noneBody:
      'Vérifiez l’orthographe, essayez « contient » au lieu de « commence par », ou cherchez par SIREN.',
    invoicesNote:
      'Factures échangées avec une entreprise : la recherche de factures de l’opérateur ne filtre que par identifiant de facture, état et sens, pas par entreprise. Copiez son adresse électronique pour la retrouver dans vos factures, ou cherchez-la dans les participants.',
    invoicesNoteLabel: 'Pourquoi pas de lien vers ses factures ?',
  },
  entry: {
    legalUnit: 'Unité légale',
    office: 'Établissement',
    groupLabel: '{name}, SIREN {siren}',
    groupLabelNoSiren: '{name}',
    siren: 'SIREN',
    siret: 'SIRET',
    address: 'Adresse',
    noAddress: 'Adresse non communiquée',
    unitNotInPage:
      'L’unité légale n’est pas dans cette page : ces établissements sont regroupés d’après leur SIREN.',
    officesHeading: 'Établissements ({count})',
    noOffices: 'Aucun établissement de cette entreprise dans cette page de résultats.',
    scope: {
      PRIMARY: 'Siège',
      SECONDARY: 'Établissement secondaire',
      PRIVATE_TAX_PAYER: 'Assujetti privé',
    },
    identifiers: 'Identifiants',
    identifiersOf: 'Identifiants de {name}',
    noIdentifiers: 'Aucun identifiant publié.',
    columns: {
      kind: 'Type',
      scheme: 'Schéma',
      value: 'Valeur',
      networks: 'Réseaux d’inscription',
    },
    notRegistered: 'Inscrit sur aucun réseau',
    actions: 'Actions pour {name}',
    electronicAddress: 'Adresse électronique',
    copyAddressLabel: 'l’adresse électronique de {name}',
    noAddressToCopy: 'Aucun identifiant publié : pas d’adresse électronique à copier.',
    searchParticipants: 'Rechercher dans les participants',
    searchParticipantsOf: 'Rechercher dans les participants : {name} (SIREN {siren})',
  },
  identifierTypes: {
    LEGAL_IDENTIFIER: 'Identifiant légal',
    OFFICE_IDENTIFIER: 'Identifiant d’établissement',
    ROUTING_CODE: 'Code de routage',
  },
  schemes: {
    siren: 'SIREN',
    siret: 'SIRET',
    routingCode: 'Code de routage',
  },
  networks: {
    DOMESTIC_FR: 'Réseau domestique français (PPF)',
    PEPPOL_INTERNATIONAL: 'Réseau international Peppol',
  },
} as const;
