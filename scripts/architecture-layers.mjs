// The layers docs/architecture.md describes, read from the doc itself and held against the code's
// imports (decision 0060). Pure functions: check-architecture.mjs gives them the doc and the
// import graph (from dpdm), their tests give them small ones.
import { isBuiltin } from "node:module";

const SERVER = "apps/server/src/";
const WEB = "apps/web/src/";
const DOMAIN = "packages/domain/src/";

/** The text of the `## ` section whose heading starts with `heading`. */
export function section(doc, heading) {
  const found = doc.split(/^## /m).find((part) => part.startsWith(heading));
  if (!found) throw new Error(`docs/architecture.md has no "## ${heading}" section`);
  return found;
}

/** The first fenced block after the line that holds `marker`, as `from → to to` arrows. */
function arrowBlock(text, marker) {
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`docs/architecture.md has no "${marker}"`);
  const block = text.slice(at).match(/```\n([\s\S]*?)```/);
  if (!block) throw new Error(`docs/architecture.md has no arrow block after "${marker}"`);
  const arrows = new Map();
  for (const line of block[1].split("\n").filter((l) => l.trim())) {
    const [from, to] = line.split("→");
    if (to === undefined) throw new Error(`not an arrow in docs/architecture.md: "${line}"`);
    const targets = to.trim() === "(none)" ? [] : to.trim().split(/\s+/);
    for (const name of from.trim().split(/[\s,]+/)) arrows.set(name, new Set(targets));
  }
  return arrows;
}

/** The rules the doc states: the server's entries and module arrows, the web app's arrows. */
export function readLayers(doc) {
  const server = section(doc, "The server");
  const entriesLine = server.split("\n").find((line) => /^1\. the entries/.test(line));
  if (!entriesLine) throw new Error('docs/architecture.md has no "1. the entries" line');
  return {
    serverEntries: [...entriesLine.matchAll(/`([^`]+)`/g)].map((m) => m[1]),
    moduleArrows: arrowBlock(server, 'each arrow is "imports"'),
    webArrows: arrowBlock(section(doc, "The web app"), "What may import what"),
  };
}

/** Tests and their helpers stand outside the layers. */
const outside = (file) =>
  /\.test\.tsx?$/.test(file) || file.startsWith(`${SERVER}test/`) || file.startsWith(`${WEB}test/`);

function serverPlace(file, entries) {
  const rest = file.slice(SERVER.length);
  if (entries.some((entry) => (entry.endsWith("/") ? rest.startsWith(entry) : rest === entry)))
    return { layer: "entries" };
  const module = rest.match(/^modules\/([^/]+)\//);
  return module ? { layer: "modules", module: module[1] } : { layer: "base" };
}

/** A web file's place: `main.tsx`, `app`, `features/<name>`, `components`, `lib`, `locales`. */
function webPlace(file) {
  const parts = file.slice(WEB.length).split("/");
  if (parts.length === 1) return parts[0];
  return parts[0] === "features" ? `features/${parts[1]}` : parts[0];
}

const RANK = { entries: 3, modules: 2, base: 1 };
/** Packages the domain never imports, whatever its package.json says: the database and React. */
const NOT_IN_DOMAIN = /^(react|react-dom|@mui\/|drizzle-orm|pg$|@electric-sql\/|fastify)/;

/**
 * Every import the doc does not allow, as "from → to: why". `imports` are [from, to] pairs of
 * paths from the repository's root (`to` a package name or builtin when it is no file of ours);
 * `domainPackages` the packages the domain may import. Also the module and web arrows the doc
 * lists that no import draws, so the lists stay the code's.
 */
export function layerViolations(imports, { serverEntries, moduleArrows, webArrows }, domainPackages) {
  const refused = [];
  const seenModules = new Set();
  const seenWeb = new Set();
  const refuse = (from, to, why) => refused.push(`${from} → ${to}: ${why}`);
  for (const [from, to] of imports) {
    if (outside(from)) continue;
    if (from.startsWith(SERVER) && to.startsWith(SERVER) && !outside(to)) {
      const a = serverPlace(from, serverEntries);
      const b = serverPlace(to, serverEntries);
      if (RANK[b.layer] > RANK[a.layer])
        refuse(from, to, `the server's ${a.layer} may not import its ${b.layer}`);
      else if (a.layer === "modules" && b.layer === "modules" && a.module !== b.module) {
        seenModules.add(`${a.module} → ${b.module}`);
        if (!moduleArrows.has(a.module))
          refuse(from, to, `module ${a.module} is not in the modules' arrow list`);
        else if (!moduleArrows.get(a.module).has(b.module))
          refuse(from, to, `the modules' arrow list has no ${a.module} → ${b.module}`);
      }
    } else if (from.startsWith(WEB) && to.startsWith(WEB) && !outside(to)) {
      const a = webPlace(from);
      const b = webPlace(to);
      if (a === b) continue;
      const general = (place) => (place.startsWith("features/") ? "features" : place);
      // Between two features only an arrow that names both; otherwise the folders' arrows.
      const arrow =
        a.startsWith("features/") && b.startsWith("features/")
          ? `${a} → ${b}`
          : `${general(a)} → ${general(b)}`;
      const [left, right] = arrow.split(" → ");
      seenWeb.add(arrow);
      if (!webArrows.get(left)?.has(right)) refuse(from, to, `the web app's arrows have no ${arrow}`);
    } else if (from.startsWith(DOMAIN) && !to.startsWith(DOMAIN)) {
      const name = to.startsWith("node_modules/") ? packageName(to.slice("node_modules/".length)) : to;
      if (isBuiltin(to)) refuse(from, to, "the domain imports nothing from Node");
      else if (NOT_IN_DOMAIN.test(name) || !domainPackages.includes(packageName(name)))
        refuse(from, to, `the domain imports only ${domainPackages.join(", ")}`);
    }
  }
  for (const [from, targets] of moduleArrows)
    for (const to of targets)
      if (!seenModules.has(`${from} → ${to}`))
        refused.push(`${from} → ${to}: listed among the modules' arrows, but no import draws it`);
  for (const [from, targets] of webArrows)
    for (const to of targets)
      if (!seenWeb.has(`${from} → ${to}`))
        refused.push(`${from} → ${to}: listed among the web app's arrows, but no import draws it`);
  return refused;
}

/** `@scope/name` or `name` from a package's import or its path inside node_modules. */
function packageName(request) {
  const parts = request.split("/");
  return request.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}
