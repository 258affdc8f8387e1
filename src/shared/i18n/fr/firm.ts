// The firm's archive on PostgreSQL (issue 30): the settings' "Archive du cabinet", the firm's
// list of clients, and the banner while the firm's server cannot be reached.
export default {
  title: 'Archive du cabinet',
  intro:
    'Par défaut, ce poste garde ses archives dans ses propres fichiers. Relié au serveur PostgreSQL du cabinet, il partage une seule archive avec tous les postes ; il en garde une copie locale pour travailler hors ligne.',
  state: {
    embedded: 'Archive de ce poste (fichiers SQLite) : aucun serveur du cabinet.',
    connecting: 'Connexion au serveur du cabinet {url}…',
    connected: 'Connecté au serveur du cabinet {url} en tant que {user} (schéma {version}).',
    unreachable:
      'Serveur du cabinet {url} injoignable depuis le {since} : les dossiers sont lus dans leur copie locale.',
    reason: 'Raison : {reason}',
  },
  form: {
    server: 'Adresse du serveur',
    serverHint: 'Par exemple serveur.cabinet.local:5432/invoice_desk (ou une adresse postgres://).',
    user: 'Utilisateur',
    password: 'Mot de passe',
    passwordHint:
      'Gardé dans le trousseau du système, jamais dans un fichier ni affiché à nouveau.',
    tls: 'Chiffrement (TLS)',
    tlsVerify: 'TLS, certificat du serveur vérifié',
    tlsNoVerify: 'TLS sans vérifier le certificat',
    tlsOff: 'Sans TLS (serveur sur ce poste)',
    caFile: 'Fichier de l’autorité de certification (facultatif)',
    caFileHint: 'Chemin d’un fichier PEM, pour une autorité propre au cabinet.',
    test: 'Tester',
    connect: 'Connecter',
    disconnect: 'Déconnecter',
    missing: 'Indiquez l’adresse du serveur, l’utilisateur et le mot de passe.',
    badServer: 'Cette adresse n’est pas celle d’un serveur PostgreSQL.',
    working: 'Connexion au serveur…',
  },
  result: {
    ok: 'Le serveur répond : schéma {version}, cette version de l’application attend le schéma {expected}.',
    encrypted: 'Connexion chiffrée.',
    plain: 'Connexion non chiffrée.',
    connected: 'Ce poste utilise maintenant l’archive du cabinet.',
    disconnected: 'Ce poste utilise de nouveau ses propres archives.',
    problems: {
      unreachable: 'Le serveur est injoignable.',
      auth: 'Le serveur refuse cet utilisateur ou ce mot de passe.',
      tls: 'La connexion chiffrée a échoué (certificat du serveur).',
      ca_file: 'Le fichier de l’autorité de certification ne peut pas être lu.',
      schema:
        'Le serveur n’a pas le schéma attendu : l’administrateur lance « firm init » (voir le README).',
      invalid: 'Cette adresse n’est pas celle d’un serveur PostgreSQL.',
      server: 'Le serveur a refusé la connexion.',
    },
    detail: 'Détail : {detail}',
  },
  clients: {
    title: 'Clients du cabinet',
    none: 'Aucun client n’est encore enregistré dans l’archive du cabinet.',
    name: 'Client',
    company: 'Société',
    secret: 'Secret de l’opérateur',
    secretHere: 'Sur ce poste',
    secretAbsent: 'Secret absent de ce poste',
    secretHint:
      'Un client dont le secret est absent de ce poste se lit dans l’archive ; la recherche en direct demande son secret (Modifier la connexion).',
  },
  banner: {
    unreachable: 'Serveur du cabinet injoignable : copie locale du {date}.',
    unreachableNoCopy:
      'Serveur du cabinet injoignable : ce dossier n’a pas de copie locale sur ce poste.',
  },
} as const;
