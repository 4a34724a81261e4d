import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from './test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Operation = { tags?: string[]; responses?: Record<string, unknown>; summary?: string };

describe('/api/docs.json', () => {
  it('is a valid OpenAPI 3 document generated from the route schemas', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/docs.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    // Throws with the first problem when the document is not valid.
    const validated = await SwaggerParser.validate(structuredClone(doc));
    expect(Object.keys(validated.paths ?? {}).length).toBeGreaterThanOrEqual(50);
  });

  it('documents every operation with tags and a success answer', async () => {
    const doc = (await call(t.app, { method: 'GET', url: '/api/docs.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const missing: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const ok = Object.keys(op.responses ?? {}).some((s) => s.startsWith('2'));
        if (!op.tags?.length || !ok) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
