// Fails when docs/architecture.md misses a part of the code: a server module, a web feature,
// a top folder of apps/server/src, apps/web/src or packages/domain/src, or a domain module.
// Each is looked for in its own section of the doc, as `name` (or `name/…`, `name.ts`) or at
// the end of a path (`modules/name`, `features/name`, `src/name`).
// Then reads the code's imports once, with dpdm: fails on any import cycle, and holds the
// imports against the layers the doc states (architecture-layers.mjs, decision 0060), failing on
// an import the doc does not allow.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseCircular, parseDependencyTree } from "dpdm";
import { section as docSection, layerViolations, readLayers } from "./architecture-layers.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const docPath = path.join(root, "docs/architecture.md");
const doc = fs.readFileSync(docPath, "utf8");
const section = (heading) => docSection(doc, heading);

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

// One reading of the import graph for both checks below. Type-only imports count: a layer that
// needs another's types depends on it too, and a cycle through types is a cycle.
const LAYERED = ["apps/server/src/", "apps/web/src/", "packages/domain/src/"];
const tree = await parseDependencyTree(
  [
    "apps/server/src/**/*.ts",
    "apps/web/src/**/*.{ts,tsx}",
    "packages/domain/src/**/*.ts",
    "apps/server/bench/*.ts",
    "apps/server/cluster/*.ts",
    "e2e/**/*.ts",
  ],
  { context: root, transform: false, skipDynamicImports: false },
);

// Any import cycle fails, in the layered code and in the bench, the cluster test and the browser
// tests that import it (modules reach what they need without app.ts).
const cycles = parseCircular(tree);
if (cycles.length > 0) {
  console.error(`${cycles.length} import cycle(s):`);
  for (const cycle of cycles.slice(0, 20)) console.error(`  - ${[...cycle, cycle[0]].join(" → ")}`);
  process.exit(1);
}
console.log(`No import cycle among ${Object.keys(tree).length} files.`);

const imports = Object.entries(tree)
  .filter(([file]) => LAYERED.some((prefix) => file.startsWith(prefix)))
  .flatMap(([file, dependencies]) =>
    (dependencies ?? []).map((dependency) => [file, dependency.id ?? dependency.request]),
  );
const domainPackages = Object.keys(
  JSON.parse(fs.readFileSync(path.join(root, "packages/domain/package.json"), "utf8")).dependencies,
);
const refused = layerViolations(imports, readLayers(doc), domainPackages);
if (refused.length > 0) {
  console.error(`${refused.length} import(s) the layers in docs/architecture.md do not allow:`);
  for (const line of refused.slice(0, 40)) console.error(`  - ${line}`);
  if (refused.length > 40) console.error(`  … and ${refused.length - 40} more`);
  console.error(
    "Move the code to the layer it belongs in, or change the doc's arrows (and say why in a decision).",
  );
  process.exit(1);
}
console.log(`Every one of ${imports.length} imports keeps to the layers docs/architecture.md states.`);
