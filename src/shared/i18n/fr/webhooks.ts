// The webhooks screen (screens/Webhooks.svelte). French is the reference.
export default {
  title: 'Webhooks',
  intro:
    'Un webhook fait appeler votre logiciel (ERP, outil comptable) par l’opérateur : une adresse reçoit les changements de statut, l’autre les factures.',
  adminRequired:
    'La gestion des webhooks demande le rôle administrateur sur la plateforme. La connexion active n’a que le rôle utilisateur. Choisissez une connexion administrateur dans Connexions.',
  rule: {
    title: 'Un seul webhook par sens',
    body: 'L’opérateur accepte un webhook pour les factures reçues et un pour les factures émises. Un webhook « Les deux sens » couvre les deux : il ne peut coexister avec aucun autre.',
  },
  toolbar: {
    refresh: 'Actualiser la liste',
    create: 'Nouveau webhook',
  },
  list: {
    heading: 'Webhooks configurés',
    caption: 'Webhooks configurés chez l’opérateur',
    loading: 'Chargement des webhooks…',
    countOne: '1 webhook',
    countOther: '{count} webhooks',
    emptyTitle: 'Aucun webhook',
    emptyBody:
      'L’opérateur n’appelle encore aucun de vos logiciels. Créez un webhook avec « Nouveau webhook ».',
    columns: {
      label: 'Libellé',
      direction: 'Sens',
      status: 'Statut',
      adapter: 'Adaptateur',
      statusUrl: 'Rappels de statut',
      invoiceUrl: 'Rappels de factures',
      actions: 'Actions',
    },
    noLabel: '(sans libellé)',
    noUrl: 'Aucune',
    details: 'Détails',
    detailsOf: 'Détails du webhook {label}',
    deleteOf: 'Supprimer le webhook {label}',
  },
  directions: {
    INBOUND: 'Factures reçues',
    OUTBOUND: 'Factures émises',
    both: 'Les deux sens',
  },
  statuses: {
    ACTIVE: 'Actif',
    INACTIVE: 'Inactif',
    unknown: 'Non précisé',
  },
  details: {
    heading: 'Webhook {label}',
    close: 'Fermer les détails',
    webhookId: 'Identifiant',
    label: 'Libellé',
    direction: 'Sens',
    status: 'Statut',
    adapter: 'Adaptateur',
    statusUrl: 'Adresse des rappels de statut',
    invoiceUrl: 'Adresse des rappels de factures',
    copyIdLabel: 'l’identifiant du webhook',
  },
  form: {
    heading: 'Nouveau webhook',
    label: 'Libellé',
    labelHint:
      'Un nom qui vous parle, par exemple « ERP – factures reçues » (200 caractères au plus).',
    direction: 'Sens des factures',
    directionHint: 'Un seul webhook par sens ; « Les deux sens » exclut tout autre webhook.',
    status: 'Statut',
    adapter: 'Adaptateur',
    adapterHint: 'Laissez « standardAdapter » sauf indication de l’opérateur.',
    statusUrl: 'Adresse des rappels de statut',
    invoiceUrl: 'Adresse des rappels de factures',
    urlHint: 'Adresse complète, en https:// de préférence.',
    conflictWarning:
      'Attention : {labels} occupe déjà ce sens. L’opérateur refusera la création ; supprimez-le d’abord ou choisissez un autre sens.',
    submit: 'Créer le webhook',
    submitting: 'Création…',
    cancel: 'Annuler',
    invalidSummary: 'Le formulaire contient des erreurs : corrigez les champs signalés.',
    errors: {
      labelRequired: 'Donnez un libellé au webhook.',
      labelTooLong: 'Le libellé ne doit pas dépasser 200 caractères.',
      directionUnknown: 'Choisissez un sens dans la liste.',
      statusUnknown: 'Choisissez « Actif » ou « Inactif ».',
      adapterRequired: 'Indiquez l’adaptateur (standardAdapter par défaut).',
      adapterTooLong: 'L’adaptateur ne doit pas dépasser 100 caractères.',
      urlRequired: 'Indiquez l’adresse à appeler.',
      urlInvalid:
        'Adresse invalide : elle doit être complète, par exemple https://erp.exemple.fr/rappels.',
      urlNotHttp: 'L’adresse doit commencer par https:// ou http://.',
      urlTooLong: 'L’adresse ne doit pas dépasser 2048 caractères.',
    },
  },
  conflict: {
    title: 'Ce sens a déjà son webhook',
    named:
      'L’opérateur refuse la création : le webhook « {label} » ({direction}, rappels vers {address}) couvre déjà ce sens. Un seul webhook par sens ; « Les deux sens » entre en conflit avec tout autre.',
    unnamed:
      'L’opérateur refuse la création : un webhook (identifiant {id}) couvre déjà ce sens, mais il n’est pas dans la liste affichée. Actualisez la liste.',
    unknown:
      'L’opérateur refuse la création : un webhook couvre déjà ce sens. Un seul webhook par sens ; « Les deux sens » entre en conflit avec tout autre.',
    open: 'Ouvrir le webhook « {label} »',
  },
  created: 'Webhook « {label} » créé.',
  deleted: 'Webhook « {label} » supprimé : ses adresses ne reçoivent plus de rappels.',
  alreadyDeleted: 'Ce webhook avait déjà été supprimé. La liste est à jour.',
  delete: {
    title: 'Supprimer le webhook « {label} » ?',
    body: 'L’opérateur cessera d’appeler ces adresses pour {direction} :',
    statusUrl: 'rappels de statut : {url}',
    invoiceUrl: 'rappels de factures : {url}',
    irreversible:
      'La suppression est définitive : pour rétablir les rappels, il faudra recréer le webhook.',
    confirm: 'Supprimer le webhook',
    deleting: 'Suppression…',
    cancel: 'Annuler',
  },
  quoted: '« {label} »',
  directionPhrase: {
    INBOUND: 'les factures reçues',
    OUTBOUND: 'les factures émises',
    both: 'les factures reçues et émises',
  },
} as const;
