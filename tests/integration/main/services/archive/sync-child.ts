// Runs one sync in its own process, logging every request to a file, for the kill test.
// argv: dataDir connectionId baseUrl tokenUrl clientId clientSecret logFile
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { runSync } from '#main/services/archive/sync.ts';
import { SqliteArchive } from '#main/services/archive/sqlite/archive-port.ts';
import { OperatorClient } from '#main/services/operator/operator-client.ts';
import { recordingFetch } from '#support/sync-requests.ts';

const [dataDir, connectionId, baseUrl, tokenUrl, clientId, clientSecret, logFile] =
  process.argv.slice(2) as string[] as [string, string, string, string, string, string, string];
const recorder = recordingFetch(tokenUrl, logFile);
const client = new OperatorClient({
  connection: { baseUrl, tokenUrl, clientId },
  getClientSecret: async () => clientSecret,
  fetch: recorder.fetch,
  retryBaseDelayMs: 5,
});
const archive = openArchive(dataDir, connectionId);
await runSync({
  client,
  archive: new SqliteArchive(archive),
  requestsPerMinute: 600_000,
  concurrency: 4,
});
archive.close();
