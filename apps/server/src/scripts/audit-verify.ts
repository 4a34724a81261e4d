// `npm run audit:verify [sub-domain]`: checks every company's tamper-evident audit chain (or one
// company's) and prints "intact" or the first row where the chain breaks, with the throughput.
// Exits 1 when a chain is broken.
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createCtx, forCompany } from '../lib/context';
import { createMemoryBus } from '../lib/bus';
import { companiesWithChains } from '../modules/audit-log/audit-log.repository';
import { verifyChain } from '../modules/audit-log/verify.service';

const only = process.argv[2];
const config = { ...loadConfig(), logLevel: 'silent' };
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const quiet = { info() {}, warn() {}, error() {} };
const infra = { config, db, bus: createMemoryBus(), mailer: null as never, tokens: null as never, log: quiet };
const companies = (await db.system((tx) => companiesWithChains(tx))).filter((c) => !only || c.sub_domain === only);
let broken = 0;
let rowsChecked = 0;
const started = performance.now();
for (const c of companies) {
  const r = await verifyChain(forCompany(createCtx(infra), c.id));
  rowsChecked += r.checked;
  if (r.intact) {
    console.log(`${c.sub_domain}: intact (${r.checked} rows, ${r.millis} ms)`);
  } else {
    broken++;
    const b = r.firstBroken!;
    console.log(
      `${c.sub_domain}: BROKEN at row #${b.seq}${b.uuid ? ` (id ${b.uuid}, ${b.action}, ${b.createdAt})` : ''}: ${b.reason.replace('_', ' ')}`,
    );
  }
}
const secs = (performance.now() - started) / 1000;
console.log(
  `${broken ? `${broken} broken chain(s)` : 'intact'}: ${companies.length} companies, ${rowsChecked} rows in ${secs.toFixed(2)} s (${Math.round(rowsChecked / Math.max(secs, 0.001))} rows/s)`,
);
await db.close();
process.exit(broken ? 1 : 0);
