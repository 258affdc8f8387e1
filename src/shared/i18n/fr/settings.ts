// Connections and settings.
export default {
  title: 'Connexions et paramètres',
  connections: {
    title: 'Connexions',
    intro:
      'Une connexion relie l’application à un compte chez l’opérateur. La connexion active sert à tous les écrans.',
    listLabel: 'Connexions enregistrées',
    demo: 'Démo',
    active: 'Active',
    activate: 'Activer',
    activateNamed: 'Activer {name}',
    activated: 'Connexion « {name} » activée.',
    create: 'Nouvelle connexion',
    editNamed: 'Modifier {name}',
    deleteNamed: 'Supprimer {name}',
    testNamed: 'Tester la connexion {name}',
    test: 'Tester la connexion',
    testing: 'Test en cours…',
    deleteTitle: 'Supprimer la connexion ?',
    deleteConfirm:
      'La connexion « {name} », son secret enregistré et son archive locale (factures et réponses enregistrées) et vos marques « payée » seront supprimés. Cette action est définitive.',
    deleted: 'Connexion « {name} » supprimée.',
    saved: 'Connexion « {name} » enregistrée.',
    baseUrl: 'Adresse de base',
    tokenUrl: 'Adresse du jeton',
    clientId: 'Identifiant client',
    customerId: 'Identifiant du client chez l’opérateur (customer-id)',
    secret: {
      keychain: 'Secret dans le trousseau du système',
      session: 'Secret gardé pour cette session seulement',
      none: 'Aucun secret enregistré',
      builtin: 'Connexion de démonstration intégrée',
    },
    // Issue 27, item 5.
    hideDemo: 'Masquer les connexions de démonstration',
    hideDemoHint:
      'Elles quittent le portefeuille, les synchronisations en arrière-plan et le choix de la connexion active. Décochez pour les retrouver.',
  },
  form: {
    createTitle: 'Nouvelle connexion',
    editTitle: 'Modifier la connexion « {name} »',
    name: 'Nom',
    baseUrl: 'Adresse de base de l’API',
    baseUrlHint: 'Adresse absolue, par exemple https://api.operateur.fr',
    tokenUrl: 'Adresse du jeton OAuth',
    tokenUrlHint: 'Adresse absolue du point d’accès « token »',
    clientId: 'Identifiant client',
    customerId: 'Identifiant du client chez l’opérateur (customer-id, facultatif)',
    customerIdHint: 'UUID fourni par l’opérateur pour agir pour un client donné',
    clientSecret: 'Secret client',
    clientSecretKeep: 'Laissez vide pour garder le secret déjà enregistré.',
    clientSecretAgain:
      'Adresse ou identifiant client modifié : saisissez de nouveau le secret. Le secret enregistré n’est jamais envoyé à une autre adresse.',
    clientSecretNew: 'Le secret est enregistré dans le trousseau du système, jamais affiché.',
    sessionOnly: 'Garder le secret pour cette session seulement (oublié à la fermeture)',
    errors: {
      required: 'Ce champ est obligatoire.',
      url: 'Saisissez une adresse absolue commençant par https:// (http:// seulement pour cette machine).',
      uuid: 'Saisissez un UUID (8-4-4-4-12 caractères hexadécimaux).',
      secretRequired: 'Saisissez le secret client.',
      secretAgain:
        'Saisissez de nouveau le secret client : l’adresse ou l’identifiant client a changé.',
      sessionRequired:
        'Aucun trousseau disponible : cochez « pour cette session seulement » pour utiliser ce secret.',
      summary: 'Corrigez les champs signalés avant d’enregistrer.',
    },
  },
  vault: {
    unavailable:
      'Le trousseau du système n’est pas disponible sur cet ordinateur : le secret ne peut pas y être enregistré.',
    sessionOffer:
      'Vous pouvez garder le secret pour cette session seulement : il sera oublié à la fermeture de l’application.',
  },
  testResult: {
    successTitle: 'Connexion réussie',
    success: 'Jeton obtenu et appel de {endpoint} accepté en {ms} ms.',
    roles: 'Rôles : {roles}.',
    roleUser: 'utilisateur',
    roleAdmin: 'administrateur',
    roleNone: 'aucun rôle reconnu',
    probeRefused:
      'Jeton obtenu, mais {endpoint} a répondu {status} : la connexion n’a pas les droits attendus.',
    failedTitle: 'Échec du test',
    auth: 'Identifiants refusés : l’opérateur n’accepte pas cet identifiant client ou ce secret.',
    forbidden: 'Accès refusé : les identifiants sont bons mais le rôle nécessaire manque.',
    offline: 'Opérateur injoignable : vérifiez l’adresse et votre réseau.',
    tls: 'Connexion sécurisée impossible : le certificat de l’opérateur n’a pas pu être vérifié.',
    invalid_response:
      'L’adresse répond, mais pas comme un opérateur : vérifiez l’adresse de base et l’adresse du jeton.',
    timeout: 'Pas de réponse à temps : l’opérateur ou le réseau est trop lent.',
    other: 'Le test a échoué.',
  },
  language: {
    title: 'Langue',
    label: 'Langue de l’interface',
    system: 'Système ({lang})',
    systemNone: 'Système (aucune langue indiquée)',
    fr: 'Français',
    en: 'English',
    forced:
      'La langue de l’interface ({lang}) est imposée par la variable d’environnement INVOICE_DESK_LANG : ce choix est désactivé.',
    saved: 'Langue enregistrée.',
  },
  about: {
    title: 'À propos',
    version: 'Version {version}',
    shellBrowser: 'Mode navigateur (hôte local)',
    shellElectron: 'Application de bureau',
  },
} as const;
