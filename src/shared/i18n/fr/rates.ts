// The ECB's reference rates in the accounting settings (issue 26, item 3): the file imported for
// every client, and why one is refused, line by line.
export default {
  title: 'Taux de change de la BCE',
  hint: 'Le fichier des taux de référence publié par la Banque centrale européenne (eurofxref-hist.csv, décompressé) : une facture en devise sans TVA en euros est convertie au taux du jour où sa TVA est devenue exigible. Il vaut pour tous les dossiers ; l’application n’en livre ni n’en télécharge aucun.',
  import: 'Importer le fichier de taux',
  none: 'Aucun taux importé : les factures en devise sans TVA en euros restent à part.',
  kept: 'Fichier {file} importé le {at} : {currencies} devises, du {from} au {to} ({days} jours).',
  imported: 'Taux importés : {currencies} devises, du {from} au {to}.',
  readFailed: 'Le fichier n’a pas pu être lu.',
  refused: {
    one: 'Fichier refusé, rien n’a été importé ({count} ligne en cause) :',
    other: 'Fichier refusé, rien n’a été importé ({count} lignes en cause) :',
  },
  refusedLine: 'Ligne {line} : {reason}',
  problems: {
    header: 'la première ligne n’est pas l’en-tête de la BCE « Date,USD,JPY,… »',
    currency: '« {code} » n’est pas un code de devise (trois majuscules)',
    currency_twice: 'la devise {code} figure deux fois',
    no_rates: 'le fichier ne contient aucun taux',
    fields: '{fields} champs alors que l’en-tête en a {header}',
    day: '« {day} » n’est pas une date AAAA-MM-JJ',
    day_twice: 'le jour {day} figure deux fois',
    rate: '{code} : « {value} » n’est pas un taux (un décimal positif avec un point, ou N/A)',
  },
} as const;
