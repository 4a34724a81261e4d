// `npm test`: every check and test tier, in order, stopping at the first failure.
// Prints one closing line "tests: N passed, N failed" summed over the runners.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), 'wac-test-report-'));
const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
// Names of failing tests, printed again just above the closing line: a CI log is often read from
// its tail only.
const failures = [];

function step(name, cmd, args, env = {}) {
  if (only.length && !only.includes(name)) return;
  // The second lane failed (a type error, say): the first need not go on to the browser.
  if (alongside?.failed()) throw new StepFailed('second lane');
  const t0 = Date.now();
  console.log(`\n▶ ${name}: ${[cmd, ...args].join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (res.status !== 0) {
    console.error(`✖ ${name} failed after ${secs}s`);
    // Thrown, not exited: the tier's report is still counted (by its `finally`) before the summary.
    throw new StepFailed(name);
  }
  console.log(`✔ ${name} (${secs}s)`);
}

class StepFailed extends Error {}

process.on('uncaughtException', (e) => {
  if (!(e instanceof StepFailed)) console.error(e);
  finish(1);
});

/**
 * The first lines of a failure's message, so that a run's closing summary (often all that is kept of
 * a CI log) says why, not only what: ANSI colours removed, at most six lines of 200 characters.
 */
function reason(message) {
  if (!message) return '';
  const lines = String(message)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim())
    .slice(0, 6)
    .map((l) => `      ${l.slice(0, 200)}`);
  return lines.length ? `\n${lines.join('\n')}` : '';
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  for (const f of r.testResults ?? []) {
    for (const t of f.assertionResults ?? []) {
      if (t.status === 'failed') {
        failures.push(`${f.name.replace(root, '')} › ${t.fullName ?? t.title}${reason(t.failureMessages?.[0])}`);
      }
    }
  }
}

function playwrightFailures(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status !== 'unexpected') continue;
      const last = t.results?.[t.results.length - 1];
      const error = last?.errors?.[0] ?? last?.error;
      const at = error?.location ? ` (${error.location.file.replace(root, '')}:${error.location.line})` : '';
      failures.push(`${spec.file ?? file} › ${spec.title}${at}${reason(error?.message)}`);
    }
  }
  for (const s of suite.suites ?? []) playwrightFailures(s, suite.file ?? file);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.stats.expected + (r.stats.flaky ?? 0);
  failed += r.stats.unexpected;
  for (const s of r.suites ?? []) playwrightFailures(s, s.file);
}

/** Stops the server suites running beside, when the run ends before they do. */
let stopAlongside = () => {};

function finish(code) {
  stopAlongside();
  if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ✖ ${f}`).join('\n')}`);
  console.log(`\ntests: ${passed} passed, ${failed} failed`);
  process.exit(code);
}

const bin = (name) => join(root, 'node_modules/.bin', name);

const unit = join(out, 'vitest.json');
const pgReport = join(out, 'vitest-pg.json');
const pgliteReport = join(out, 'vitest-pglite.json');
const serverArgs = (report) => [
  'run',
  '--project',
  'server',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${report}`,
];
/**
 * Files of CI's PGlite run (below) that run the same on either run: they say so in a line
 * `// ci: runs once`, because the databases they use are their own (an embedded one they open, a
 * PostgreSQL database of their own, none), not the one TEST_DB picks. CI's PostgreSQL run leaves
 * them out: running them again there repeated a minute and a half of the same processes' starts.
 */
const onceFiles = () =>
  embeddedFiles().filter((f) => /^\/\/ ci: runs once\b/m.test(readFileSync(join(root, f), 'utf8')));
const pgArgs = [
  ...serverArgs(pgReport),
  ...(process.env.TEST_DATABASE_URL ? onceFiles().flatMap((f) => ['--exclude', f]) : []),
];

/**
 * The server's test files that are about the embedded database itself, for CI's PGlite run (CI runs
 * every file on PostgreSQL): the database layer, the infrastructure under `lib/` (the job runner,
 * mail, presence), the process start, and every file that says it treats PGlite or PostgreSQL
 * differently. The rest of the embedded path is what the end-to-end tier and the fault suite's
 * kill -9 run on: the real server on PGlite. Without TEST_DATABASE_URL (`npm test` on a laptop)
 * every file runs on PGlite.
 */
function embeddedFiles() {
  const dir = 'apps/server/src';
  return readdirSync(join(root, dir), { recursive: true })
    .map((f) => `${dir}/${String(f).replaceAll('\\', '/')}`)
    .filter((f) => f.endsWith('.test.ts'))
    .filter(
      (f) =>
        f.startsWith(`${dir}/db/`) ||
        f.startsWith(`${dir}/lib/`) ||
        f === `${dir}/server.test.ts` ||
        /pglite|TEST_DB/i.test(readFileSync(join(root, f), 'utf8')),
    )
    .sort();
}

/**
 * End-to-end spec files CI's second lane runs once its server suites are done, on a server and a
 * port of their own, so that the lanes end about together. Self-contained files (what they need is
 * in the demo seed). With three (attendance, teams and companies, session: 234 s) the second lane
 * ended at 1,445 s and the first at about 1,165 s (2026-12-03); attendance.spec (101 s) and
 * session.spec (46 s) went back to the first lane.
 */
const E2E_BESIDE = ['admin-teams-companies.spec.ts'];
const e2eBesideReport = join(out, 'e2e-beside.json');

// CI's second lane, when asked for with TEST_ALONGSIDE_E2E=1 (see startAlongside): started at once,
// waited for at the end, stopped at once when a tier of the first lane fails. Each vitest run takes
// one worker, so that the two lanes hold the two cores (the end-to-end tier holds about one: one
// browser, one server).
const pgAlongside = process.env.TEST_ALONGSIDE_E2E === '1' && !only.length;
const alongside = pgAlongside ? startAlongside() : null;

step('lint', 'npm', ['run', '--silent', 'lint']);
// Beside the end-to-end tier, the type check and the unit tests run in the second lane (the first
// lane goes to the browser as soon as the console is built: the end-to-end tier is the longest step).
if (!pgAlongside) step('typecheck', 'npm', ['run', '--silent', 'typecheck']);
step('migrations', 'node', ['scripts/check-migrations.mjs']);
step('openapi', 'node', ['--import', 'tsx', 'apps/server/src/scripts/openapi.ts', '--check']);

if (!pgAlongside) {
  try {
    step('unit+api (PGlite)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${unit}`]);
  } finally {
    countVitest(unit);
  }
}
if (process.env.TEST_DATABASE_URL && !pgAlongside) {
  try {
    step('api (PostgreSQL)', bin('vitest'), pgArgs, { TEST_DB: 'pg' });
  } finally {
    countVitest(pgReport);
  }
} else if (!process.env.TEST_DATABASE_URL) {
  console.log('\n(api on PostgreSQL skipped: TEST_DATABASE_URL is not set; CI sets it)');
}

if (existsSync(join(root, 'apps/web/index.html'))) {
  step('build', 'npm', ['run', '--silent', 'build']);
  if (existsSync(join(root, 'scripts/check-size.mjs'))) step('size', 'node', ['scripts/check-size.mjs']);
}

/**
 * CI's second lane (TEST_ALONGSIDE_E2E=1): the type check, the web, shared and script tests, the
 * server's files (on PGlite the embedded database's own, then all on PostgreSQL), then the fault
 * injection, one after the other from the start, beside the first lane (lint, the drift checks, the
 * build, the end-to-end tier, the deployment tier, the area generator). The first lane reaches the
 * browser within a minute: the end-to-end tier is the longest step of all. Each uses ports,
 * databases and folders of its own.
 */
function startAlongside() {
  const log = join(out, 'alongside.log');
  const summary = join(out, 'alongside-steps.log');
  const lane = [
    { name: 'typecheck', cmd: 'npm', args: ['run', '--silent', 'typecheck'], env: {} },
    {
      name: 'unit (web, shared, scripts)',
      cmd: bin('vitest'),
      args: [
        'run',
        ...['web', 'web-isolated', 'shared', 'scripts'].flatMap((p) => ['--project', p]),
        '--reporter=default',
        '--reporter=json',
        `--outputFile=${unit}`,
      ],
      env: { VITEST_MAX_WORKERS: '1' },
    },
    process.env.TEST_DATABASE_URL
      ? {
          name: "api (PGlite: the embedded database's own files)",
          cmd: bin('vitest'),
          args: [...serverArgs(pgliteReport), ...embeddedFiles()],
          env: { VITEST_MAX_WORKERS: '1' },
        }
      : { name: 'api (PGlite)', cmd: bin('vitest'), args: serverArgs(pgliteReport), env: { VITEST_MAX_WORKERS: '1' } },
    ...(process.env.TEST_DATABASE_URL
      ? [
          {
            name: 'api (PostgreSQL)',
            cmd: bin('vitest'),
            args: pgArgs,
            env: { TEST_DB: 'pg', VITEST_MAX_WORKERS: '1' },
          },
        ]
      : []),
    { name: 'faults', cmd: 'npm', args: ['run', '--silent', 'test:faults'], env: {} },
    ...(existsSync(join(root, 'e2e/playwright.config.ts'))
      ? [
          {
            name: `e2e (${E2E_BESIDE.join(', ')}: a server of their own)`,
            cmd: bin('playwright'),
            args: ['test', '-c', 'e2e/playwright.config.ts'],
            env: {
              E2E_SPECS: E2E_BESIDE.join(','),
              E2E_PORT: '3230',
              E2E_SMTP_PORT: '3245',
              E2E_OUTPUT_DIR: '../test-results/e2e-beside',
              PLAYWRIGHT_JSON_OUTPUT_NAME: e2eBesideReport,
            },
          },
        ]
      : []),
  ];
  // One shell runs the lane, not this process: the first lane's steps block this process's event
  // loop (spawnSync), so it could not start the next step of the second in time.
  const sh = (a) => `'${String(a).replaceAll("'", "'\\''")}'`;
  const script = lane
    .map((s) => {
      const env = Object.entries(s.env)
        .map(([k, v]) => `${k}=${sh(v)}`)
        .join(' ');
      const cmd = [s.cmd, ...s.args].map(sh).join(' ');
      return [
        `echo; echo ${sh(`▶ ${s.name}: ${[s.cmd, ...s.args].join(' ')}`)}; t=$(date +%s)`,
        `if env ${env} ${cmd}; then echo "✔ ${s.name} ($(( $(date +%s) - t ))s, beside the other tiers)" | tee -a ${sh(summary)};`,
        `else echo "✖ ${s.name} ($(( $(date +%s) - t ))s, beside the other tiers)" | tee -a ${sh(summary)}; exit 1; fi`,
      ].join('\n');
    })
    .join('\n');
  console.log(`\n▶ beside the other tiers: ${lane.map((s) => s.name).join(', ')} (output: ${log})`);
  const t0 = Date.now();
  const fd = openSync(log, 'w');
  // Its own process group, so that a failure elsewhere stops the whole lane (vitest and its workers).
  const child = spawn('sh', ['-c', script], { cwd: root, stdio: ['ignore', fd, fd], detached: true });
  let running = true;
  const done = new Promise((resolve) =>
    child.on('exit', (code) => {
      running = false;
      resolve(code ?? 1);
    }),
  );
  stopAlongside = () => {
    if (!running) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  return {
    /** Whether a step of this lane failed already (read from its summary: this process is blocked in spawnSync meanwhile). */
    failed: () => existsSync(summary) && readFileSync(summary, 'utf8').includes('✖'),
    async wait() {
      const code = await done;
      countVitest(unit);
      countVitest(pgliteReport);
      countVitest(pgReport);
      countPlaywright(e2eBesideReport);
      const secs = ((Date.now() - t0) / 1000).toFixed(1);
      console.log(`\n── beside the other tiers ──\n${readFileSync(log, 'utf8')}`);
      if (existsSync(summary)) console.log(readFileSync(summary, 'utf8').trimEnd());
      if (code !== 0) {
        console.error(`✖ the lane beside the other tiers failed (${secs}s after the start)`);
        throw new StepFailed('second lane');
      }
      console.log(`✔ the lane beside the other tiers (its last step ended ${secs}s after the start or earlier)`);
    },
  };
}

/** A Playwright tier, its JSON report counted whether it passes or not. */
function playwrightStep(name, config, env = {}) {
  const report = join(out, `${name}.json`);
  try {
    step(name, bin('playwright'), ['test', '-c', config], { PLAYWRIGHT_JSON_OUTPUT_NAME: report, ...env });
  } finally {
    countPlaywright(report);
  }
}

// Whatever fails below, the server suites beside are waited for and counted before the summary.
try {
  if (existsSync(join(root, 'e2e/playwright.config.ts'))) {
    playwrightStep('e2e', 'e2e/playwright.config.ts', pgAlongside ? { E2E_EXCEPT: E2E_BESIDE.join(',') } : {});
  }

  // The production path: compiled server, `npm ci --omit=dev`, nginx with TLS, PostgreSQL and Redis.
  if (existsSync('/usr/sbin/nginx')) playwrightStep('deploy', 'e2e/deploy/playwright.config.ts');
  else if (!only.length || only.includes('deploy')) {
    console.log('\n(deploy skipped: needs nginx, which .ci/run installs)');
    if (only.includes('deploy')) throw new StepFailed('deploy');
  }
  // CI's generator check ends the first lane: the second holds the server suites, the longer of the two.
  if (pgAlongside) step('generator', 'npm', ['run', '--silent', 'test:generator']);
} finally {
  if (alongside) await alongside.wait();
}

finish(failed ? 1 : 0);
