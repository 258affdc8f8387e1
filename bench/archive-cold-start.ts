// Child of bench/archive-bench.ts: the archive screen's cold start in a fresh Node process
// (module load, opening the database, first page of rows with its total), printed as JSON.
// Run: node bench/archive-cold-start.ts <dataDir> <connectionId>
const started = performance.now();
const { openArchive } = await import('#main/services/archive/sqlite/archive-store.ts');
const imported = performance.now();
const archive = openArchive(process.argv[2]!, process.argv[3]!);
const opened = performance.now();
const page = archive.queryInvoices({ limit: 100 });
const done = performance.now();
archive.close({ optimize: false }); // its statistics refresh is not part of showing the screen
process.stdout.write(
  JSON.stringify({
    importMs: imported - started,
    openMs: opened - imported,
    firstPageMs: done - opened,
    rows: page.rows.length,
    total: page.total,
  }),
);

export {}; // a module: top-level await
