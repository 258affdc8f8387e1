// The participants export: one row per network participant, as the Participants screen shows them.
import type { Language } from '#shared/contract.ts';
import type { Participant } from '#shared/operator/schemas.ts';
import type { AnyIterable } from '../cells.ts';
import { aboutSheet, type AboutInfo } from '../about.ts';
import { mapRows, tableOf, type Field } from '../fields.ts';
import type { WorkbookPlan } from '../workbook-writer.ts';
import { networkLabel } from '#shared/directory/labels.ts';
import { wordsFor, type ExportWords } from '../words.ts';

export function participantFields(words: ExportWords): Field<Participant>[] {
  const { participant } = words.participants;
  const x = words.export.columns;
  const networks = (p: Participant) => p.participantNetworkIdentifiers ?? [];
  return [
    { header: x.name, kind: 'text', value: (p) => p.name },
    { header: participant.country, kind: 'id', value: (p) => p.country },
    { header: participant.vatNumber, kind: 'id', value: (p) => p.vatNumber },
    // Not "(SIREN)": a foreign participant's is its own country's number.
    { header: x.legalIdentifier, kind: 'id', value: (p) => p.legalIdentifier },
    { header: participant.partyIdentifier, kind: 'id', value: (p) => p.partyIdentifier },
    {
      header: x.electronicAddresses,
      kind: 'text',
      value: (p) =>
        networks(p)
          .map((n) => n.electronicAddress?.value ?? n.electronicAddress?.address)
          .filter(Boolean)
          .join('\n'),
    },
    {
      header: x.networks,
      kind: 'text',
      value: (p) =>
        [
          ...new Set(
            networks(p)
              .map((n) => n.networkIdentifier)
              .filter((network): network is string => Boolean(network)),
          ),
        ]
          .map((network) => networkLabel(network, words.directory.networks))
          .join(', '),
    },
    { header: x.participantId, kind: 'id', value: (p) => p.participantId },
  ];
}

export interface ParticipantsExport {
  language: Language;
  participants: AnyIterable<Participant>;
  total?: number;
  about: AboutInfo;
}

export function participantsWorkbook(input: ParticipantsExport): WorkbookPlan {
  const words = wordsFor(input.language);
  const table = tableOf(participantFields(words));
  const name = words.export.sheets.participants;
  return {
    sheets: [
      {
        kind: 'table',
        name,
        columns: table.columns,
        rows: mapRows(input.participants, table.toRow),
        ...(input.total !== undefined ? { total: input.total } : {}),
      },
      aboutSheet(input.language, input.about, [name]),
    ],
  };
}
