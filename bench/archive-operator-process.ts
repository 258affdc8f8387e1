// Child of bench/archive-bench.ts: a demo operator in its own process, as a real operator is,
// so that its work (generating and filtering invoices) does not share the sync's event loop.
// Prints one JSON line (addresses and the admin client), then serves until stdin closes.
// Run: node bench/archive-operator-process.ts '{"invoices":26000,"seed":42,"faults":{"latencyMs":50}}'
import { startDemoOperator, type DemoOperatorOptions } from '#main/demo-operator/index.ts';

const operator = await startDemoOperator(
  JSON.parse(process.argv[2] ?? '{}') as DemoOperatorOptions,
);
operator.buildInvoices(); // the data built before the sync under measure starts
process.stdout.write(
  `${JSON.stringify({ baseUrl: operator.baseUrl, tokenUrl: operator.tokenUrl, ...operator.clients.admin })}\n`,
);
process.stdin.resume();
process.stdin.on('end', () => void operator.close().then(() => process.exit(0)));
