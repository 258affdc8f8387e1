// The webhooks export: one row per webhook, as the Webhooks screen lists them. Callback addresses
// lose what could be a credential (user:password@, token-like query values): an export travels.
import type { Language } from '#shared/contract.ts';
import type { Webhook } from '#shared/operator/schemas.ts';
import type { AnyIterable } from '../cells.ts';
import { aboutSheet, type AboutInfo } from '../about.ts';
import { mapRows, tableOf, type Field } from '../fields.ts';
import type { WorkbookPlan } from '../workbook-writer.ts';
import { labelOf, wordsFor, type ExportWords } from '../words.ts';

const SECRET_PARAM = /token|secret|key|pass|pwd|sig|auth|code|session|credential/i;

/** The address without credentials: user:password@ dropped, secret-looking query values masked. */
export function redactCallbackUrl(address: string | undefined | null): string | undefined {
  if (!address) return undefined;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return address.replace(/\/\/[^/@]*@/, '//');
  }
  url.username = '';
  url.password = '';
  for (const key of [...url.searchParams.keys()]) {
    if (SECRET_PARAM.test(key)) url.searchParams.set(key, '***');
  }
  return url.toString();
}

export function webhookFields(words: ExportWords): Field<Webhook>[] {
  const { list, directions, statuses } = words.webhooks;
  const endpoints = (w: Webhook) => w.interopData?.endpoints;
  return [
    { header: list.columns.label, kind: 'text', value: (w) => w.label },
    {
      header: list.columns.direction,
      kind: 'text',
      value: (w) =>
        w.filterStreamDirection
          ? (labelOf(directions, w.filterStreamDirection) ?? w.filterStreamDirection)
          : directions.both,
    },
    {
      header: list.columns.status,
      kind: 'text',
      value: (w) => (w.status ? (labelOf(statuses, w.status) ?? w.status) : statuses.unknown),
    },
    { header: list.columns.adapter, kind: 'text', value: (w) => w.adapterCode },
    {
      header: list.columns.statusUrl,
      kind: 'text',
      value: (w) => redactCallbackUrl(endpoints(w)?.status?.callbackUrl),
    },
    {
      header: list.columns.invoiceUrl,
      kind: 'text',
      value: (w) => redactCallbackUrl(endpoints(w)?.invoice?.callbackUrl),
    },
    { header: words.export.columns.webhookId, kind: 'id', value: (w) => w.webhookId },
  ];
}

export interface WebhooksExport {
  language: Language;
  webhooks: AnyIterable<Webhook>;
  about: AboutInfo;
}

export function webhooksWorkbook(input: WebhooksExport): WorkbookPlan {
  const words = wordsFor(input.language);
  const table = tableOf(webhookFields(words));
  const name = words.export.sheets.webhooks;
  return {
    sheets: [
      { kind: 'table', name, columns: table.columns, rows: mapRows(input.webhooks, table.toRow) },
      aboutSheet(input.language, input.about, [name]),
    ],
  };
}
