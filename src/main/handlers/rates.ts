// The ECB's reference rates from the accounting settings (issue 26, item 3): what is kept, and an
// import of the published file, the same as `cli.ts rates import` (services/rates/import.ts).
import { AppFailure } from '../services/app-failure.ts';
import { importEcbRates, keptRates } from '../services/rates/import.ts';
import type { Shared } from './shared.ts';
import type { HandlerServices, HandlersOf } from './types.ts';

export function ratesHandlers(
  services: Pick<HandlerServices, 'dataDir'>,
  shared: Pick<Shared, 'now'>,
) {
  const dataDir = (): string => {
    if (!services.dataDir) throw new AppFailure('file', 'The rates have no data directory.');
    return services.dataDir;
  };
  return {
    'rates:kept': async () => keptRates(dataDir()),
    // Kept for every connection of the firm, as the CLI keeps it; a refused file changes nothing.
    'rates:import': async ({ fileName, csv }) => {
      const folder = dataDir();
      importEcbRates(folder, fileName, csv, shared.now());
      return keptRates(folder)!;
    },
  } satisfies HandlersOf<'rates'>;
}
