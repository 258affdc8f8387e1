// The background sync of every connection (issue 19): "Synchroniser tout", its progress, the
// firm's schedule, the connections failing.
export default {
  title: 'Synchronisation de toutes les connexions',
  intro:
    'Pendant que l’application est ouverte, chaque connexion est synchronisée à la fréquence choisie, une à la fois.',
  start: 'Synchroniser tout',
  cancel: 'Arrêter',
  cancelling: 'Arrêt…',
  everyLabel: 'Fréquence',
  every: {
    never: 'Jamais',
    hours: 'Toutes les {n} heures',
    hour: 'Toutes les heures',
  },
  eachTitle: 'Fréquence de chaque connexion',
  eachLabel: 'Fréquence de {name}',
  asFirm: 'Comme les autres ({every})',
  scheduleSaved: 'Fréquence enregistrée.',
  progressLabel: 'Progression de la synchronisation de toutes les connexions',
  current: 'Connexion {index} sur {total} : {name}',
  currentProgress: '{invoices}, {requests}',
  counts: '{done}, {failed} en échec, {skipped} sur {total}',
  synced: { one: '{count} synchronisée', other: '{count} synchronisées' },
  skippedCount: { one: '{count} ignorée', other: '{count} ignorées' },
  finished: 'Synchronisation terminée le {date} : {counts}.',
  stopped: 'Synchronisation arrêtée le {date} : {counts}. Ce qui a été lu est conservé.',
  nothingDue: 'Aucune connexion à synchroniser.',
  skipped: '« {name} » se synchronise déjà ailleurs : laissée à cette synchronisation.',
  failingTitle: 'Connexions en échec',
  failing: '« {name} » : {reason}. Nouvel essai automatique vers {time} ({failures}).',
  failures: { one: '{count} échec', other: '{count} échecs' },
  nextCheck: 'Prochaine vérification vers {time}.',
} as const;
