// Fails when docs/architecture.md misses a part of the code: a server module, a web feature,
// a top folder of apps/server/src, apps/web/src or packages/domain/src, or a domain module.
// Each is looked for in its own section of the doc, as `name` (or `name/…`, `name.ts`) or at
// the end of a path (`modules/name`, `features/name`, `src/name`).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const docPath = path.join(root, "docs/architecture.md");
const doc = fs.readFileSync(docPath, "utf8");

/** The text of the `## ` section whose heading starts with `heading`. */
function section(heading) {
  const parts = doc.split(/^## /m);
  const found = parts.find((part) => part.startsWith(heading));
  if (!found) throw new Error(`docs/architecture.md has no "## ${heading}" section`);
  return found;
}

const folders = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

const modules = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => entry.name)
    .sort();

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether `text` names `name` as code: `name`, `name/…` (a path inside it), or a path ending in `/name`. */
function names(text, name, pathPrefixes) {
  const n = escapeRegExp(name);
  const quoted = new RegExp(`\`${n}(/[^\`]*)?\``);
  const inPath = pathPrefixes.map((prefix) => new RegExp(`${escapeRegExp(prefix)}${n}(?![\\w.-])`));
  return quoted.test(text) || inPath.some((re) => re.test(text));
}

const checks = [
  {
    what: "server module",
    section: "The server",
    items: folders("apps/server/src/modules"),
    prefixes: ["modules/"],
  },
  {
    what: "top folder of apps/server/src",
    section: "The server",
    items: folders("apps/server/src"),
    prefixes: ["src/"],
  },
  {
    what: "web feature",
    section: "The web app",
    items: folders("apps/web/src/features"),
    prefixes: ["features/"],
  },
  {
    what: "top folder of apps/web/src",
    section: "The web app",
    items: folders("apps/web/src"),
    prefixes: ["src/"],
  },
  {
    what: "top folder of packages/domain/src",
    section: "The domain",
    items: folders("packages/domain/src"),
    prefixes: ["src/"],
  },
  {
    what: "domain module",
    section: "The domain",
    items: modules("packages/domain/src"),
    prefixes: ["src/"],
  },
];

const missing = [];
let counted = 0;
for (const check of checks) {
  const text = section(check.section);
  for (const item of check.items) {
    counted += 1;
    if (!names(text, item, check.prefixes))
      missing.push(`${check.what} "${item}" (section "${check.section}")`);
  }
}

if (missing.length > 0) {
  console.error(`docs/architecture.md does not mention ${missing.length} part(s) of the code:`);
  for (const line of missing) console.error(`  - ${line}`);
  console.error("Describe each where it belongs, or remove what no longer exists.");
  process.exit(1);
}
console.log(`docs/architecture.md names all ${counted} modules, features and folders.`);
