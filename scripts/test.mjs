// `npm test`: everything — lint, type-check, the architecture doc against the folders with
// import cycles and layers, migrations against schema.ts, unit and component tests, the API tests
// (on PostgreSQL when TEST_DATABASE_URL is set, with those where the backends differ again on
// PGlite; else all on PGlite), the build (web app and server), the benchmark at its smallest,
// the browser tests in Chromium, and the cluster test (three processes behind nginx on
// PostgreSQL).
// The test steps use every core (vitest.config.ts, e2e/playwright.config.ts). Steps that leave
// cores idle run beside others (decision 0054): their output is printed whole when they end.
// Ends with one line: "Tests: N passed, N failed".
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureChromium, ensureNginx } from "./debian-packages.mjs";

const root = path.resolve(import.meta.dirname, "..");
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "kantien-test-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
const startedAt = Date.now();
/** Each step's title and seconds, for the summary of where the time went. */
const timings = [];

/**
 * Runs one step. Alone, its output goes straight through; `beside` other steps, it is kept and
 * printed whole when the step ends, so that two steps' lines never mix.
 */
function run(title, command, args, { env = {}, beside = false } = {}) {
  if (!beside) console.log(`\n▶ ${title}`);
  const started = Date.now();
  const child = spawn(command, args, {
    cwd: root,
    stdio: beside ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...process.env, ...env },
  });
  const output = [];
  child.stdout?.on("data", (chunk) => output.push(chunk));
  child.stderr?.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (status) => {
      if (beside) {
        console.log(`\n▶ ${title} (beside other steps)`);
        process.stdout.write(Buffer.concat(output));
      }
      const seconds = (Date.now() - started) / 1000;
      timings.push({ title, seconds, beside });
      console.log(`  ${title}: ${status === 0 ? "ok" : "FAILED"} in ${seconds.toFixed(1)} s`);
      resolve(status === 0);
    });
  });
}

/** Steps in order, each run only for its outcome: true when all passed. */
async function inOrder(...steps) {
  let ok = true;
  for (const step of steps) ok = (await step()) && ok;
  return ok;
}

/** Lanes side by side: true when every lane passed. */
async function besideEachOther(...lanes) {
  return (await Promise.all(lanes.map((lane) => lane()))).every(Boolean);
}

async function vitest(title, projects, reportName, { env, options = [], beside } = {}) {
  const outputFile = path.join(reports, `${reportName}.json`);
  const args = ["vitest", "run", ...projects.flatMap((p) => ["--project", p]), ...options];
  const ok = await run(
    title,
    "npx",
    [...args, "--reporter=default", "--reporter=json", `--outputFile.json=${outputFile}`],
    { env, beside },
  );
  count(outputFile, (r) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
  }));
  return ok;
}

function count(file, read) {
  if (!fs.existsSync(file)) return;
  const n = read(JSON.parse(fs.readFileSync(file, "utf8")));
  totals.passed += n.passed;
  totals.failed += n.failed;
  totals.skipped += n.skipped;
}

const postgres = Boolean(process.env.TEST_DATABASE_URL);
const chromium = ensureChromium();
const nginx = postgres && ensureNginx();

// The benchmark at its smallest, so a change that breaks it fails here: it exits 1 on any
// endpoint error or wrong answer, on back-office code in the ordering app's first load, on a
// first load (/login, /my, /kitchen/board) over its size budget, and on the built server's
// first start on PGlite over its memory, on either backend (so it runs after the build). Each
// load sends a few requests instead of running for seconds; 3,000 orders, 50 orders at once, a
// rush of 30 customers, a break of 60 sales and 60 pre-orders (its caps in proportion), a bank
// statement of 20 lines, the kitchen board visited once, and no Lighthouse (the browser tests
// check accessibility with axe): each part runs, at a size that costs the machine little
// (decision 0075). It runs on one backend: PostgreSQL when there is one, else PGlite (the API
// tests run on both; decision 0050). Here it checks, it does not measure, so its timings are
// reported, not judged, and it may run beside other steps. Full size, both backends:
// `npm run bench`.
const benchmark = () =>
  run("benchmark, small (npm run bench)", "npm", ["run", "bench"], {
    beside: true,
    env: {
      BENCH_ORDERS: "3000",
      BENCH_PGLITE_ORDERS: "3000",
      BENCH_REQUESTS: "3",
      BENCH_CREATIONS: "50",
      BENCH_RUSH_CUSTOMERS: "30",
      BENCH_RUSH_SECONDS: "2",
      BENCH_COUNTER_SALES: "60",
      BENCH_COUNTER_PREORDERS: "60",
      BENCH_COUNTER_SECONDS: "2",
      BENCH_STATEMENT_LINES: "20",
      BENCH_LIGHTHOUSE_RUNS: "0",
      BENCH_RESULTS: "bench-results/ci.json",
      ...(postgres ? { BENCH_SKIP_PGLITE: "1" } : { BENCH_SKIP_POSTGRES: "1" }),
      ...(chromium ? {} : { BENCH_SKIP_WEB: "1" }),
    },
  });

// The cluster test, short: three processes behind nginx (deploy/nginx.conf) on a fresh PostgreSQL
// database, orders through nginx for 10 s while a process is killed every 3 s (up to three kills: a kill
// waits until the last one is back, which on a busy machine can take longer).
// One test in the totals. Full length: `npm run test:cluster` (60 s).
async function clusterTest() {
  if (!postgres) {
    console.log("\n(Cluster test skipped: TEST_DATABASE_URL is not set.)");
    totals.skipped += 1;
    return true;
  }
  const passed =
    nginx &&
    (await run("cluster test (3 processes behind nginx, PostgreSQL)", "npm", ["run", "-s", "test:cluster"], {
      beside: true,
      env: {
        CLUSTER_SECONDS: "10",
        CLUSTER_KILL_EVERY_MS: "3000",
        CLUSTER_DATABASE_URL: process.env.TEST_DATABASE_URL,
      },
    }));
  totals[passed ? "passed" : "failed"] += 1;
  return passed;
}

async function browserTests() {
  if (!chromium) return false;
  const outputFile = path.join(reports, "e2e.json");
  let ok = await run(
    "browser tests (Playwright, Chromium)",
    "npx",
    ["playwright", "test", "-c", "e2e/playwright.config.ts"],
    { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: outputFile } },
  );
  // No retries (e2e/playwright.config.ts): a test passes the first time or fails. Should a run be
  // given retries anyway, a test that needed one is flaky: named here and counted as failed.
  count(outputFile, (r) => {
    const flaky = [];
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status === "flaky") flaky.push([...titles, spec.title].filter(Boolean).join(" › "));
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    };
    for (const suite of r.suites ?? []) walk(suite, [suite.title]);
    if (flaky.length > 0) {
      console.log(`\n${flaky.length} flaky browser test(s), passed only on a retry:`);
      for (const name of flaky) console.log(`  FLAKY ${name}`);
      ok = false;
    }
    return { passed: r.stats.expected, failed: r.stats.unexpected + r.stats.flaky, skipped: r.stats.skipped };
  });
  return ok;
}

/**
 * What differs between PGlite and PostgreSQL is below the SQL: each driver's types, errors,
 * transactions and LISTEN/NOTIFY, how each backend starts, is backed up and restored, and the
 * seed of an empty PGlite (decision 0063). With a PostgreSQL server, the API tests run in full on
 * it, and these files, which reach those differences, again on PGlite; without one, all run on PGlite.
 */
const API_TESTS_ON_BOTH_BACKENDS = [
  "src/db/client.test.ts",
  "src/db/seed/demo.test.ts",
  "src/ops/backup.test.ts",
  "src/ops/create-admin.test.ts",
  "src/serve.test.ts",
  "src/modules/health/health.test.ts",
  "src/plugins/session-cache.test.ts",
  "src/modules/events/routes.test.ts",
  "src/modules/events/replay.test.ts",
  "src/modules/events/resume.test.ts",
  // Every refusal a 4xx, whatever error the driver raised.
  "src/hostile-input.test.ts",
  "src/plugins/bad-input.test.ts",
  // Money and orders in one transaction each, under an Idempotency-Key.
  "src/idempotency.test.ts",
  "src/one-clock.test.ts",
  "src/modules/wallets/ledger.test.ts",
  "src/modules/orders/create.test.ts",
  "src/modules/my/orders.test.ts",
  // A learner's limits hold under orders at once: the lock on the limits row.
  "src/modules/guardians/guardians.test.ts",
  // The kitchen's hot reads are named statements (db/client.ts).
  "src/modules/kitchen/routes.test.ts",
  "src/modules/kitchen/counter.test.ts",
];

function apiTests() {
  if (!postgres) {
    console.log("\n(API tests on PostgreSQL skipped: TEST_DATABASE_URL is not set; all run on PGlite.)");
    return vitest("API tests on PGlite", ["server"], "api-pglite", { env: { TEST_DB: "pglite" } });
  }
  const missing = API_TESTS_ON_BOTH_BACKENDS.filter(
    (file) => !fs.existsSync(path.join(root, "apps/server", file)),
  );
  if (missing.length > 0) {
    console.log(`\nscripts/test.mjs names API tests that are not there: ${missing.join(", ")}`);
    return false;
  }
  // One after the other: side by side, with the build beside them too, they took 99 s against
  // 90 s (decision 0063).
  return inOrder(
    // One fork more than cores: two forks leave a fifth of the machine idle (decision 0050).
    () =>
      vitest("API tests on PostgreSQL", ["server"], "api-postgres", {
        env: { TEST_DB: "postgres" },
        options: [`--maxWorkers=${os.availableParallelism() + 1}`],
      }),
    () =>
      vitest("API tests on PGlite, where the backends differ", ["server"], "api-pglite", {
        env: { TEST_DB: "pglite" },
        options: API_TESTS_ON_BOTH_BACKENDS.map((file) => `apps/server/${file}`),
      }),
  );
}

const check = (title, command, args) => () => run(title, command, args, { beside: true });
const ok = await inOrder(
  // The checks are small and mostly one core, the type-check one core: the unit and component
  // tests fill what they leave.
  () =>
    besideEachOther(
      check("type-check (tsc)", "npm", ["run", "typecheck"]),
      () => vitest("unit and component tests", ["domain", "scripts", "web"], "unit", { beside: true }),
      () =>
        inOrder(
          check("lint (Biome)", "npx", ["biome", "ci", "."]),
          check(
            "docs/architecture.md names every module and feature; no import cycle; the imports keep to its layers",
            "npm",
            ["run", "-s", "check:architecture"],
          ),
          check("migrations match schema.ts (drizzle-kit)", "npm", ["run", "-s", "check:migrations"]),
        ),
    ),
  // The API tests on PostgreSQL wait on PostgreSQL's own processes: the build fills that time.
  () =>
    besideEachOther(apiTests, () =>
      run("build (web app and server)", "npm", ["run", "build"], { beside: true }),
    ),
  // The benchmark and the cluster test each leave a third of the machine idle, and the browser
  // tests a tenth: the two run one after the other beside the browser tests.
  () => besideEachOther(browserTests, () => inOrder(benchmark, clusterTest)),
);

const took = (Date.now() - startedAt) / 1000;
console.log("\nWhere the time went (steps marked ∥ ran beside others):");
for (const { title, seconds, beside } of timings.sort((a, b) => b.seconds - a.seconds)) {
  console.log(`  ${seconds.toFixed(1).padStart(6)} s ${beside ? "∥" : " "} ${title}`);
}
console.log(
  `npm test took ${took.toFixed(1)} s (the budget from a fresh clone: 300 s on the 2-core machine).`,
);
console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (!ok && totals.failed === 0) console.log("A step failed before or besides its tests; see above.");
process.exit(ok ? 0 : 1);
