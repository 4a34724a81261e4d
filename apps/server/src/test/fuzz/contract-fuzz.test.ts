import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../harness';
import { fuzzContract, summarize } from './contract-fuzz';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the API contract under generated requests', () => {
  it('answers every documented operation, as every caller, below 500, as documented, without foreign data', async () => {
    // A bounded run: two generated requests per operation, caller and seed; `npm run fuzz` runs long.
    const report = await fuzzContract(t.app, { runs: 2, seed: Number(process.env.FUZZ_SEED ?? 20261123) });
    console.log(`contract fuzz: ${summarize(report)}`);
    for (const v of report.violations) console.log(`  ${v.kind}: ${v.caller} ${v.request} → ${v.status} ${v.detail}`);
    expect(report.operations).toBeGreaterThan(60);
    expect(report.violations).toEqual([]);
  }, 90_000);
});
