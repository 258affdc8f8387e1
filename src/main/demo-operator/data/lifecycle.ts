// Lifecycle statuses (cycle de vie) of the French reform over time. Each invoice has a fixed,
// seeded timeline of steps that starts after its deposit; what the operator shows at a given
// moment is the last step dated at or before it. So a status is never dated in the future, and
// statuses of non-final invoices move forward as the clock runs: a later sync finds news.
import type { LastStatusData } from '#shared/operator/schemas.ts';
import type { LifecycleCode } from '#shared/operator/enums.ts';
import { Rng, mixSeed } from './rng.ts';
import type { InvoiceRecord } from './records.ts';

export interface LifecycleStep {
  code: LifecycleCode;
  state: LastStatusData['state'];
  ms: number;
}

/** Codes after which nothing more happens: Refusée, Encaissée, Rejetée. */
export const FINAL_CODES: readonly LifecycleCode[] = ['210', '212', '213'];

const MINUTE = 60_000;

/**
 * The path a delivered invoice takes to the status it ends at. An invoice may stop at any step
 * (a buyer who never approves, a dispute never closed), as real ones do.
 */
const PATHS: Record<string, LifecycleCode[]> = {
  '203': ['203'],
  '204': ['203', '204'],
  '205': ['203', '204', '205'],
  '206': ['203', '204', '206'],
  '207': ['203', '204', '207'],
  '208': ['203', '204', '208'],
  '209': ['203', '204', '208', '209'],
  '210': ['203', '204', '210'],
  '211': ['203', '204', '205', '211'],
  '212': ['203', '204', '205', '211', '212'],
};

/** How long after the previous step each code comes, in minutes [min, max]. */
function delayMinutes(code: LifecycleCode): [number, number] {
  switch (code) {
    case '200':
    case '202':
    case '203':
    case '213':
      return [1, 240];
    case '201':
      return [1, 60];
    case '204':
      return [12 * 60, 4 * 24 * 60];
    case '209':
      return [2 * 24 * 60, 10 * 24 * 60];
    case '211':
      return [20 * 24 * 60, 45 * 24 * 60];
    case '212':
      return [1 * 24 * 60, 10 * 24 * 60];
    default:
      return [1 * 24 * 60, 8 * 24 * 60];
  }
}

function stateOf(code: LifecycleCode): LastStatusData['state'] {
  if (code === '213') return 'NOT_DELIVERED';
  return Number(code) <= 202 ? 'DELIVERY_PENDING' : 'DELIVERED';
}

/**
 * The whole timeline of an invoice, oldest step first, consistent with its state: delivered
 * invoices go through the buyer's processing statuses (203 to 212), pending ones stop at a
 * deposit status, rejected ones get 213 Rejetée. Empty when the invoice never gets one.
 * `onPayment`: the invoice's VAT is due on payment (taxedOnPayment in invoices.ts).
 */
export function lifecycleOf(record: InvoiceRecord, onPayment: boolean): LifecycleStep[] {
  const rng = new Rng(mixSeed(record.seed, 0x57a7));
  const outbound = record.direction === 'OUTBOUND';
  let codes: LifecycleCode[];
  switch (record.state) {
    case 'DELIVERED': {
      const end = outbound
        ? rng.weighted<LifecycleCode>([
            ['203', 10],
            ['204', 14],
            ['205', 22],
            ['206', 2],
            ['207', 4],
            ['208', 1],
            ['209', 1],
            ['210', 3],
            ['211', 10],
            ['212', 33],
          ])
        : rng.weighted<LifecycleCode>([
            ['203', 6],
            ['204', 20],
            ['205', 30],
            ['206', 2],
            ['207', 3],
            ['210', 3],
            ['211', 24],
            ['212', 12],
          ]);
      codes = PATHS[end]!;
      // A service taxed on payment, once paid, gets 212 Encaissée from its seller: the day its VAT
      // becomes due (issue 17). Drawn apart so that every other step keeps its draws.
      if (onPayment && end === '211' && new Rng(mixSeed(record.seed, 0x212)).chance(0.8))
        codes = PATHS['212']!;
      break;
    }
    case 'DELIVERY_PENDING':
      codes = outbound ? rng.pick<LifecycleCode[]>([['200'], ['200', '201']]) : ['202'];
      break;
    case 'PROCESSING':
    case 'VALID':
    case 'CONVERTED':
      if (rng.chance(0.5)) return [];
      codes = [outbound ? '200' : '202'];
      break;
    case 'NOT_DELIVERED':
    case 'INVALID':
    case 'DUPLICATED':
    case 'WRONG_ROUTING':
    case 'CONVERSION_FAILED':
      codes = ['213'];
      break;
    default:
      return [];
  }
  let ms = record.createMs;
  return codes.map((code) => {
    const [min, max] = delayMinutes(code);
    ms += rng.int(min, max) * MINUTE;
    return { code, state: stateOf(code), ms };
  });
}

/** The status shown at `nowMs`: the last step dated at or before it; undefined before the first. */
export function lastStatusOf(
  record: InvoiceRecord,
  nowMs: number,
  onPayment: boolean,
): LastStatusData | undefined {
  const steps = lifecycleOf(record, onPayment);
  let shown: LifecycleStep | undefined;
  for (const step of steps) {
    if (step.ms > nowMs) break;
    shown = step;
  }
  if (!shown) return undefined;
  return { code: shown.code, state: shown.state, date: new Date(shown.ms).toISOString() };
}
