// The participants screen (screens/Participants.svelte). French is the reference.
export default {
  title: 'Participants des réseaux',
  intro:
    'Cherchez un participant sur tous les réseaux (français et Peppol) : ses identifiants, son numéro de TVA et les adresses électroniques où lui envoyer des factures.',
  search: {
    formLabel: 'Recherche de participants',
    label: 'Nom, SIREN, SIRET ou numéro de TVA',
    placeholder: 'ex. BOULANGERIE, 123456789, FR12123456789',
    hint: 'Le nom peut être partiel ; SIREN, SIRET et numéro de TVA doivent être complets et exacts.',
    submit: 'Rechercher',
    required: 'Saisissez un nom, un SIREN, un SIRET ou un numéro de TVA.',
    prefilled: 'Recherche lancée depuis l’annuaire : SIREN {siren}.',
  },
  idle: {
    title: 'Recherchez un participant',
    body: 'Saisissez un nom, un SIREN, un SIRET ou un numéro de TVA, puis lancez la recherche.',
  },
  results: {
    heading: 'Résultats',
    loading: 'Recherche des participants…',
    pageSummary: 'Page {page} : participants {from} à {to}',
    pageEmpty: 'Page {page} : aucun participant',
    lastPage: 'Dernière page de résultats.',
    noneTitle: 'Aucun participant trouvé',
    noneBody:
      'Le nom peut être partiel, mais un SIREN, un SIRET ou un numéro de TVA doit être exact. Vérifiez la saisie ou essayez une partie du nom.',
    pastEndTitle: 'Plus aucun participant au-delà',
    pastEndBody: 'La page précédente était la dernière. Revenez en arrière.',
    previous: 'Page précédente',
    next: 'Page suivante',
    pagerLabel: 'Pages de résultats',
  },
  participant: {
    country: 'Pays',
    vatNumber: 'Numéro de TVA',
    legalIdentifier: 'Identifiant légal (SIREN)',
    partyIdentifier: 'Identifiant de partie (SIRET)',
    none: 'Non communiqué',
    networksHeading: 'Adresses sur les réseaux',
    networksOf: 'Adresses sur les réseaux de {name}',
    noNetworks: 'Aucune adresse publiée sur un réseau.',
    columns: {
      address: 'Adresse électronique',
      network: 'Réseau',
      clientId: 'Identifiant client',
    },
    copyAddressLabel: 'l’adresse {address} de {name}',
  },
  adminRequired: {
    title: 'Rôle administrateur requis',
    body: 'Cette recherche demande le rôle administrateur sur la plateforme. La connexion active n’a que le rôle utilisateur. Choisissez une connexion administrateur dans Connexions.',
    goToConnections: 'Aller dans Connexions',
  },
} as const;
