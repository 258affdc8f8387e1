// A workstation of the firm running a sync round over one connection into the firm's store
// (firmRounds, below): its operator requests appended to a log file (it may be killed), its
// progress and its following of another owner said as JSON lines on stdout.
// argv: pgUrl schema baseUrl tokenUrl clientId clientSecret logFile
import { firmRounds } from './firm-rounds.ts';

const [url, schema, baseUrl, tokenUrl, clientId, clientSecret, logFile] = process.argv.slice(2);
const { rounds, close } = firmRounds({
  database: { url: url!, schema: schema! },
  operator: {
    baseUrl: baseUrl!,
    tokenUrl: tokenUrl!,
    clientId: clientId!,
    clientSecret: clientSecret!,
  },
  logFile: logFile!,
  say: (line) => process.stdout.write(`${JSON.stringify(line)}\n`),
});
const round = await rounds.run('all');
process.stdout.write(`${JSON.stringify({ end: round.connections[0] })}\n`);
await close();
