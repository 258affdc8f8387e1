// `cli.ts payments` (issue 26, item 8): the accountant's paid marks from a script, so that the
// month's work can run without the window: the same marks as the échéancier's "Marquer comme
// payées" (the connection's user data, archive/user-data-port.ts), which the reports, the
// CA3 and the exports read.
//   npm run cli -- payments mark --connection demo-admin --invoice F-2026-0042 --day 2026-11-20 --note "virement"
//   npm run cli -- payments unmark --connection demo-admin --invoice 0b6f…-… --json
// Exit codes: 0 done, 1 failed (one line on stderr says why), 2 bad usage.
import { isDay } from '#shared/report-period.ts';
import { parisDayOf } from '#shared/tax-calendar.ts';
import { AppFailure } from '../services/app-failure.ts';
import { findInvoice } from '../services/payments/invoice-ref.ts';
import { commandFor, EXIT, withServices, writeJsonLine } from './command.ts';

export const PAYMENTS_USAGE = `Usage: npm run cli -- payments mark --connection <id or name> --invoice <number or id> --day YYYY-MM-DD [--note TEXT] [--json]
       npm run cli -- payments unmark --connection <id or name> --invoice <number or id> [--json]
  mark    marks the invoice paid on that day, as the échéancier's "Marquer comme payées" does
          (a mark already there is replaced); VAT due on payment counts on that day
  unmark  takes the mark off (nothing to take off is not a failure: "unmarked": false)
  --connection ID|NAME   the connection (its id, or its name as shown in the app)
  --invoice NUMBER|ID    the invoice's number as printed, or its operator id; looked up in the
                         connection's archive (sync it first)
  --day YYYY-MM-DD       the day it was paid (not after today)
  --note TEXT            a note kept with the mark (500 characters at most)
  --json                 one JSON object on stdout: {ok, connection, invoice: {id, number},
                         mark: {paidOn, note, markedAt}} or {ok, …, unmarked}

Exit codes: 0 done, 1 failed (the reason on stderr), 2 bad usage.`;

const cli = commandFor(PAYMENTS_USAGE);

const OPTIONS = {
  connection: { type: 'string' },
  invoice: { type: 'string' },
  day: { type: 'string' },
  note: { type: 'string' },
  json: { type: 'boolean' },
} as const;

const MAX_NOTE = 500;

export async function run(argv: string[]): Promise<number> {
  return cli.run(argv, OPTIONS, { min: 0, max: 1 }, async ({ values, positionals }) => {
    const sub = positionals[0];
    if (sub !== 'mark' && sub !== 'unmark') return cli.badSubcommand(sub);
    const ref = cli.required(values.connection, 'connection');
    const invoiceRef = cli.required(values.invoice, 'invoice');
    const json = values.json === true;
    let day: string | null = null;
    if (sub === 'mark') {
      day = cli.required(values.day, 'day');
      if (!isDay(day)) throw cli.error('--day is a day, YYYY-MM-DD (e.g. 2026-11-20)');
      if ((values.note ?? '').length > MAX_NOTE)
        throw cli.error(`--note is ${MAX_NOTE} characters at most`);
    } else if (values.day !== undefined || values.note !== undefined)
      throw cli.error('unmark takes no --day or --note');

    return withServices(async (services) => {
      const connection = cli.connection(services, ref);
      const invoice = await findInvoice(
        await services.archives.ports.existing(connection.id),
        invoiceRef,
      );
      const named = { id: invoice.invoiceId, number: invoice.invoiceNumber };
      if (sub === 'mark') {
        const now = services.clock.now();
        // As the screen: a payment day after today (Paris) is a typo, refused.
        if (day! > parisDayOf(now))
          throw new AppFailure('invalid_input', `The payment day ${day} is in the future.`);
        const userData = await services.userData.of(connection.id);
        const note = values.note?.trim() ? values.note.trim() : null;
        await userData.markPaid([invoice.invoiceId], day!, note, now);
        const mark = (await userData.paymentMarks([invoice.invoiceId])).get(invoice.invoiceId)!;
        if (json)
          writeJsonLine({
            ok: true,
            connection: connection.name,
            invoice: named,
            mark: { paidOn: mark.paidOn, note: mark.note, markedAt: mark.markedAt },
          });
        else
          process.stdout.write(
            `Marked ${invoice.invoiceNumber ?? invoice.invoiceId} of "${connection.name}" paid on ${mark.paidOn}\n`,
          );
        return EXIT.ok;
      }
      const userData = await services.userData.existing(connection.id);
      const removed = (await userData?.unmarkPaid([invoice.invoiceId])) ?? 0;
      if (json)
        writeJsonLine({
          ok: true,
          connection: connection.name,
          invoice: named,
          unmarked: removed > 0,
        });
      else
        process.stdout.write(
          removed > 0
            ? `Took the paid mark off ${invoice.invoiceNumber ?? invoice.invoiceId} of "${connection.name}"\n`
            : `${invoice.invoiceNumber ?? invoice.invoiceId} of "${connection.name}" had no paid mark\n`,
        );
      return EXIT.ok;
    });
  });
}
