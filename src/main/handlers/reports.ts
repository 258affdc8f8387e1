// The reports, computed from the active connection's archive, and line 22 of a VAT return.
import { checkRange } from '#shared/report-period.ts';
import type { Ca3Report } from '#shared/ca3.ts';
import { AppFailure } from '../services/app-failure.ts';
import { checkReturnPeriod, computeReport } from '../services/reports/index.ts';
import type { Shared } from './shared.ts';
import type { HandlerServices, HandlersOf } from './types.ts';

export function reportsHandlers(
  services: Pick<HandlerServices, 'connections' | 'readReports' | 'userData'>,
  shared: Pick<Shared, 'activeForUserData' | 'now'>,
) {
  const { connections } = services;
  const { activeForUserData, now } = shared;
  return {
    // Computed from the active connection's archive, never from the operator: the figures are
    // as of the last sync (fetchedAt), and their coverage says what the archive holds.
    'reports:get': async ({ report, period, asOf }) => {
      const connectionId = connections.getSettings().activeConnectionId;
      let data;
      try {
        data = await services.readReports(connectionId, (source) =>
          computeReport(source, report, period, { now: now(), ...(asOf ? { asOf } : {}) }),
        );
      } catch (error) {
        if (error instanceof RangeError) throw new AppFailure('invalid_input', error.message);
        throw error;
      }
      return {
        data,
        source: 'archive',
        fetchedAt:
          data.coverage.lastSyncAt ?? ('generatedAt' in data ? data.generatedAt : data.computedAt),
      };
    },
    // Line 22 of a VAT return: the accountant's own figure, kept in the user-data file (written
    // offline too), then the return of that period computed again with it.
    'reports:setCarriedCredit': async ({ connectionId, period, cents }) => {
      await activeForUserData(connectionId);
      try {
        checkRange(period);
        checkReturnPeriod(period);
      } catch (error) {
        if (error instanceof RangeError) throw new AppFailure('invalid_input', error.message);
        throw error;
      }
      await (await services.userData.of(connectionId)).saveCarriedCredit(period, cents, now());
      const data = (await services.readReports(connectionId, (source) =>
        computeReport(source, 'ca3', period, { now: now() }),
      )) as Ca3Report;
      return { data, source: 'archive', fetchedAt: data.coverage.lastSyncAt ?? data.computedAt };
    },
  } satisfies HandlersOf<'reports'>;
}
