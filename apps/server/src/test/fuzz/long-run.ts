/**
 * `npm run fuzz [-- --runs 20 --seed 1]`: the contract fuzzer's long run, on a fresh in-memory
 * database (or PostgreSQL with TEST_DB=pg and TEST_DATABASE_URL). Unlike the bounded test it
 * also sends strings with NUL characters and reports their 5xx apart. Prints its counts and ends
 * with `fuzz: N violations`; exits 1 when there is any.
 */
import { parseArgs } from 'node:util';
import { createTestApp } from '../harness';
import { fuzzContract, summarize } from './contract-fuzz';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '20' }, seed: { type: 'string', default: String(Date.now() % 1e6) } },
});
const runs = Number(values.runs);
const seed = Number(values.seed);
const started = performance.now();
const t = await createTestApp();
try {
  const report = await fuzzContract(t.app, { runs, seed, withNul: true });
  console.log(`contract fuzz (runs ${runs}, seed ${seed}): ${summarize(report)}`);
  for (const v of report.violations) console.log(`  ${v.kind}: ${v.caller} ${v.request} → ${v.status} ${v.detail}`);
  for (const line of report.nulServerErrors.slice(0, 10)) console.log(`  5xx on NUL input: ${line}`);
  console.log(`fuzz: ${report.violations.length} violations (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  process.exitCode = report.violations.length ? 1 : 0;
} finally {
  await t.close();
}
