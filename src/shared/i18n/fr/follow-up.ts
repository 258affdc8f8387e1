// Suivi (issue 19): what the syncs found new, and the invoices to act on.
export default {
  title: 'Suivi',
  intro:
    'Ce que les synchronisations de ce dossier ont trouvé de nouveau, et les factures qui attendent une action, avec vos notes.',
  tabs: {
    label: 'Parties du suivi',
    news: 'Nouveautés',
    exceptions: 'À traiter',
  },
  news: {
    empty: 'Rien de nouveau depuis votre dernière lecture.',
    emptyHint:
      'Chaque synchronisation note ici les nouvelles factures et les statuts nouveaux (rejetée, refusée, en litige, suspendue, encaissée), jusqu’à ce que vous les marquiez comme lus.',
    failed: 'Impossible de lire les nouveautés de ce dossier',
    unread: {
      one: '1 nouveauté non lue',
      other: '{count} nouveautés non lues',
    },
    more: 'Les {shown} plus récentes sont affichées : marquez-les comme lues pour voir les suivantes.',
    markAll: 'Tout marquer comme lu',
    markGroup: 'Marquer comme lu',
    markGroupLabel: 'Marquer comme lu : {group}',
    markFailed: 'Impossible de marquer ces nouveautés comme lues',
    groupSync: 'Synchronisation du {date}',
    groupLive: 'Vues en consultant les factures (dernière le {date})',
    groupInvoices: 'Factures de : {group}',
    openInvoice: 'Ouvrir la facture {number}',
    noNumber: 'sans numéro',
    noParty: 'tiers inconnu',
    directions: {
      OUTBOUND: 'émise',
      INBOUND: 'reçue',
    },
    kinds: {
      '213': 'Rejetée',
      '210': 'Refusée',
      '207': 'En litige',
      '208': 'Suspendue',
      '212': 'Encaissée',
      new: 'Nouvelle',
    },
    counts: {
      '213': { one: '{count} facture rejetée', other: '{count} factures rejetées' },
      '210': { one: '{count} facture refusée', other: '{count} factures refusées' },
      '207': { one: '{count} facture en litige', other: '{count} factures en litige' },
      '208': { one: '{count} facture suspendue', other: '{count} factures suspendues' },
      '212': { one: '{count} facture encaissée', other: '{count} factures encaissées' },
      new: { one: '{count} nouvelle facture', other: '{count} nouvelles factures' },
    },
    notification: {
      title: 'Invoice Desk : nouveautés',
      body: '{connection} : {counts}',
    },
    notifications: {
      enable: 'Activer les notifications',
      hint: 'Le navigateur montrera une notification par dossier après chaque synchronisation qui trouve du nouveau.',
      denied:
        'Les notifications sont bloquées par le navigateur : autorisez-les dans ses réglages pour être prévenu des nouveautés.',
    },
    navUnread: '{count} non lues',
  },
  exceptions: {
    empty: 'Aucune facture à traiter.',
  },
};
