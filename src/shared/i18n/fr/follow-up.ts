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
  },
  exceptions: {
    empty: 'Aucune facture à traiter.',
  },
};
