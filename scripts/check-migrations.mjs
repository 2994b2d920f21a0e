// The committed migrations match `schema.ts`: drizzle-kit's own consistency check, then a
// dry generate into a copy of the migrations folder that must find nothing to migrate.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const server = path.resolve(import.meta.dirname, "../apps/server");
const migrations = path.join(server, "src/db/migrations");

function drizzleKit(args) {
  const result = spawnSync("npx", ["drizzle-kit", ...args], { cwd: server, encoding: "utf8" });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

// drizzle-kit reads --out relative to the working directory only.
const check = drizzleKit(["check", "--dialect=postgresql", `--out=${path.relative(server, migrations)}`]);
if (!check.ok) {
  console.error(check.output);
  process.exit(1);
}

const copy = fs.mkdtempSync(path.join(os.tmpdir(), "kantien-migrations-"));
try {
  fs.cpSync(migrations, copy, { recursive: true });
  const generate = drizzleKit([
    "generate",
    "--dialect=postgresql",
    "--schema=./src/db/schema.ts",
    `--out=${path.relative(server, copy)}`,
    "--name=drift",
  ]);
  const drift = fs.readdirSync(copy).filter((f) => f.endsWith("_drift.sql"));
  if (!generate.ok || drift.length > 0) {
    console.error(generate.output);
    if (drift.length > 0) {
      console.error(
        `schema.ts differs from the migrations; \`npm run db:generate -w apps/server\` would write:\n`,
      );
      console.error(fs.readFileSync(path.join(copy, drift[0]), "utf8"));
    }
    process.exit(1);
  }
  console.log("Migrations match schema.ts.");
} finally {
  fs.rmSync(copy, { recursive: true, force: true });
}
