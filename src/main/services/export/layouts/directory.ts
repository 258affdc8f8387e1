// The directory results export: one row per legal unit or office, as the Directory screen lists them.
import type { Language } from '#shared/contract.ts';
import type { DirectoryEntry } from '#shared/operator/schemas.ts';
import type { AnyIterable } from '../cells.ts';
import { aboutSheet, type AboutInfo } from '../about.ts';
import { mapRows, tableOf, type Field } from '../fields.ts';
import type { WorkbookPlan } from '../workbook-writer.ts';
import { networkLabel } from '#shared/directory/labels.ts';
import { labelOf, wordsFor, type ExportWords } from '../words.ts';

export function directoryFields(words: ExportWords): Field<DirectoryEntry>[] {
  const { entry } = words.directory;
  const x = words.export.columns;
  const identifiers = (e: DirectoryEntry) => e.identifiers ?? [];
  return [
    {
      header: entry.columns.kind,
      kind: 'text',
      value: (e) => (e.type === 'LEGAL_UNIT' ? entry.legalUnit : entry.office),
    },
    { header: x.name, kind: 'text', value: (e) => e.name },
    { header: entry.siren, kind: 'id', value: (e) => e.siren ?? e.legalUnit?.siren },
    { header: entry.siret, kind: 'id', value: (e) => e.siret },
    {
      header: x.scope,
      kind: 'text',
      value: (e) => labelOf(entry.scope, e.scope) ?? e.scope,
    },
    { header: x.addressLine1, kind: 'text', value: (e) => e.postalAddress?.addressLine1 },
    { header: x.addressLine2, kind: 'text', value: (e) => e.postalAddress?.addressLine2 },
    { header: x.postalCode, kind: 'id', value: (e) => e.postalAddress?.postalCode },
    { header: x.city, kind: 'text', value: (e) => e.postalAddress?.city },
    { header: x.legalUnitSiren, kind: 'id', value: (e) => e.legalUnit?.siren },
    {
      header: entry.identifiers,
      kind: 'text',
      value: (e) =>
        identifiers(e)
          .map(
            (i) =>
              `${labelOf(words.directory.identifierTypes, i.type) ?? i.type} ${i.scheme}:${i.value}`,
          )
          .join('\n'),
    },
    {
      header: entry.columns.networks,
      kind: 'text',
      value: (e) =>
        [
          ...new Set(
            identifiers(e).flatMap((i) =>
              (i.networkRegistered ?? []).map((n) => n.networkIdentifier),
            ),
          ),
        ]
          .map((network) => networkLabel(network, words.directory.networks))
          .join(', '),
    },
    { header: x.entryId, kind: 'id', value: (e) => e.businessEntityId },
  ];
}

export interface DirectoryExport {
  language: Language;
  entries: AnyIterable<DirectoryEntry>;
  total?: number;
  about: AboutInfo;
}

export function directoryWorkbook(input: DirectoryExport): WorkbookPlan {
  const words = wordsFor(input.language);
  const table = tableOf(directoryFields(words));
  const name = words.export.sheets.directory;
  return {
    sheets: [
      {
        kind: 'table',
        name,
        columns: table.columns,
        rows: mapRows(input.entries, table.toRow),
        ...(input.total !== undefined ? { total: input.total } : {}),
      },
      aboutSheet(input.language, input.about, [name]),
    ],
  };
}
