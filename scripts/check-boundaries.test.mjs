import { describe, expect, it } from 'vitest';
import { checkBoundaries, readTree } from './check-boundaries.mjs';

const S = 'apps/server/src';

/** A small tree that keeps every rule: a module with routes → service → repository, lib, plugins, db. */
const clean = () =>
  new Map([
    [
      `${S}/lib/context.ts`,
      "import type { Tx } from '../db/client';\nexport interface Ctx { run(fn: (tx: Tx) => void): void }\n",
    ],
    [
      `${S}/db/client.ts`,
      "import { sql } from 'drizzle-orm';\nexport type Tx = object;\nexport const ping = sql`select 1`;\n",
    ],
    [
      `${S}/plugins/context.ts`,
      "import type { FastifyRequest } from 'fastify';\nimport { type Ctx } from '../lib/context';\n",
    ],
    [
      `${S}/modules/gadgets/gadgets.repository.ts`,
      "import { sql } from 'drizzle-orm';\nexport const list = (tx) => tx.execute(sql`select 1`);\n",
    ],
    [
      `${S}/modules/gadgets/gadgets.service.ts`,
      "import type { Ctx } from '../../lib/context';\nimport * as repo from './gadgets.repository';\n",
    ],
    [
      `${S}/modules/gadgets/gadgets.routes.ts`,
      "import { ctxOf } from '../../plugins/context';\nimport * as service from './gadgets.service';\n",
    ],
    [`${S}/modules/widgets/widgets.service.ts`, "import * as gadgets from '../gadgets/gadgets.service';\n"],
    [
      `${S}/modules/widgets/widgets.test.ts`,
      "import { list } from '../gadgets/gadgets.repository';\nconst q = sql`x`;\n",
    ],
    ['packages/shared/src/schemas/gadgets.ts', "import { z } from 'zod';\n"],
    ['apps/web/src/features/gadgets/gadgets-screen.tsx', "import { api } from '../../lib/api-client';\n"],
  ]);

const withFile = (path, text) => {
  const files = clean();
  files.set(path, text);
  return checkBoundaries(files);
};

describe('check-boundaries', () => {
  it('passes a tree that keeps every rule', () => {
    expect(checkBoundaries(clean())).toEqual([]);
  });

  it('passes this repository', () => {
    expect(checkBoundaries(readTree(new URL('..', import.meta.url).pathname))).toEqual([]);
  });

  it('fails a service that imports Fastify request or reply types', () => {
    const problems = withFile(
      `${S}/modules/gadgets/gadgets.service.ts`,
      "import type { FastifyRequest } from 'fastify';\nexport const f = (r: FastifyRequest) => r;\n",
    );
    expect(problems).toEqual([expect.stringMatching(/gadgets\.service\.ts is a service and uses Fastify/)]);
  });

  it.each(['lib', 'plugins', 'db'])('fails %s/ importing from modules/', (layer) => {
    const problems = withFile(
      `${S}/${layer}/helper.ts`,
      "import { list } from '../modules/gadgets/gadgets.service';\n",
    );
    expect(problems).toEqual([expect.stringMatching(new RegExp(`${layer}/ never imports modules/`))]);
  });

  it("fails a module importing another module's repository or routes, not its service", () => {
    for (const target of ['gadgets.repository', 'gadgets.routes']) {
      const problems = withFile(
        `${S}/modules/widgets/widgets.service.ts`,
        `import * as x from '../gadgets/${target}';\n`,
      );
      expect(problems).toEqual([expect.stringMatching(/modules meet only through services/)]);
    }
  });

  it('fails an import cycle, in the server and in the web app alike', () => {
    const files = clean();
    files.set(`${S}/lib/a.ts`, "import { b } from './b';\n");
    files.set(`${S}/lib/b.ts`, "import { a } from './a';\n");
    files.set('apps/web/src/lib/x.ts', "import { y } from './y';\n");
    files.set('apps/web/src/lib/y.ts', "import { z } from './z';\n");
    files.set('apps/web/src/lib/z.ts', "import { x } from './x';\n");
    expect(checkBoundaries(files)).toEqual([
      `import cycle: ${S}/lib/a.ts → ${S}/lib/b.ts`,
      'import cycle: apps/web/src/lib/x.ts → apps/web/src/lib/y.ts → apps/web/src/lib/z.ts',
    ]);
  });

  it.each([
    ['sql`', 'const q = sql`select 1`;\n'],
    ['tx.execute', 'await tx.execute(query);\n'],
    ['.query(', "await db.query('select 1', []);\n"],
  ])('fails SQL (%s) outside repositories and db/', (_name, text) => {
    for (const path of [`${S}/modules/gadgets/gadgets.service.ts`, `${S}/lib/helper.ts`, `${S}/plugins/p.ts`]) {
      expect(withFile(path, text)).toEqual([expect.stringMatching(/holds SQL/)]);
    }
  });

  it('leaves SQL in a repository, db/, a migration, a test or the bench alone', () => {
    for (const path of [
      `${S}/modules/gadgets/gadgets.repository.ts`,
      `${S}/db/seed/demo.ts`,
      `${S}/modules/gadgets/gadgets.test.ts`,
      `${S}/test/harness.ts`,
      'bench/src/scale.ts',
    ]) {
      expect(withFile(path, 'const q = sql`select 1`;\n'), path).toEqual([]);
    }
  });

  it('fails a service over 300 lines and any source file over 400', () => {
    const lines = (n) => 'export const x = 1;\n'.repeat(n);
    expect(withFile(`${S}/modules/gadgets/gadgets.service.ts`, lines(300))).toEqual([]);
    expect(withFile(`${S}/modules/gadgets/gadgets.service.ts`, lines(301))).toEqual([
      expect.stringMatching(/has 301 lines: a service stays within 300/),
    ]);
    expect(withFile(`${S}/modules/gadgets/gadgets.repository.ts`, lines(400))).toEqual([]);
    expect(withFile('apps/web/src/lib/big.ts', lines(401))).toEqual([
      expect.stringMatching(/has 401 lines: a source file stays within 400/),
    ]);
    expect(withFile(`${S}/modules/gadgets/gadgets.test.ts`, lines(900))).toEqual([]);
  });

  it('keeps the shared package isomorphic and web features apart', () => {
    expect(withFile('packages/shared/src/x.ts', "import { readFileSync } from 'node:fs';\n")).toEqual([
      expect.stringMatching(/shared must stay isomorphic/),
    ]);
    expect(withFile('apps/web/src/features/gadgets/a.tsx', "import { B } from '../../features/teams/b';\n")).toEqual([
      expect.stringMatching(/imports another feature/),
    ]);
    expect(withFile('apps/web/src/features/gadgets/index.ts', '')).toEqual([expect.stringMatching(/barrel file/)]);
    expect(withFile('apps/web/src/features/gadgets/a.ts', "fetch('/api');\n")).toEqual([
      expect.stringMatching(/calls fetch directly/),
    ]);
    expect(withFile('apps/web/src/lib/when.ts', 'new Intl.DateTimeFormat(language, {});\n')).toEqual([
      expect.stringMatching(/without intlLocale/),
    ]);
    expect(withFile('apps/web/src/lib/when.ts', 'new Intl.DateTimeFormat(intlLocale(language));\n')).toEqual([]);
    expect(withFile('apps/web/src/lib/when.ts', "new Intl.DateTimeFormat('en-GB', {});\n")).toEqual([]);
  });
});
