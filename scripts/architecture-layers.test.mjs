import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { layerViolations, readLayers } from "./architecture-layers.mjs";

const doc = `# Kantien

## The server

1. the entries, which compose: \`main.ts\`, \`app.ts\`, \`ops/\`;

each arrow is "imports":

\`\`\`
orders  → wallets
wallets → (none)
\`\`\`

## The web app

What may import what:

\`\`\`
app            → features lib
features       → lib
features/staff → features/people
lib            → (none)
\`\`\`
`;
const layers = readLayers(doc);
const domainPackages = ["zod", "date-fns"];
const S = "apps/server/src/";
const W = "apps/web/src/";
const D = "packages/domain/src/";
/** The imports that every listed arrow needs, so that none is reported as unused. */
const listed = [
  [`${S}modules/orders/create.ts`, `${S}modules/wallets/ledger.ts`],
  [`${W}app/router.tsx`, `${W}features/menu/components/menu-screen.tsx`],
  [`${W}app/router.tsx`, `${W}lib/session.ts`],
  [`${W}features/menu/api/get-menu.ts`, `${W}lib/api-client.ts`],
  [`${W}features/staff/staff-screen.tsx`, `${W}features/people/people-table.tsx`],
];
const check = (...imports) => layerViolations([...listed, ...imports], layers, domainPackages);

describe("the layers check", () => {
  it("passes the imports the doc allows", () => {
    expect(
      check(
        [`${S}app.ts`, `${S}modules/orders/routes.ts`],
        [`${S}ops/backup.ts`, `${S}db/client.ts`],
        [`${S}modules/orders/service.ts`, `${S}mail/outbox.ts`],
        [`${S}modules/orders/service.ts`, `${S}modules/orders/queries.ts`],
        [`${S}mail/outbox.ts`, `${S}db/client.ts`],
        [`${S}test/fixtures.ts`, `${S}app.ts`],
        [`${S}modules/wallets/ledger.test.ts`, `${S}modules/orders/create.ts`],
        [`${D}money.ts`, "node_modules/zod/index.d.cts"],
        [`${D}money.ts`, `${D}dates.ts`],
      ),
    ).toEqual([]);
  });

  it("fails on a base file that imports a module, and on a module that imports an entry", () => {
    expect(check([`${S}deps.ts`, `${S}modules/orders/queries.ts`])).toEqual([
      `${S}deps.ts → ${S}modules/orders/queries.ts: the server's base may not import its modules`,
    ]);
    expect(check([`${S}modules/orders/routes.ts`, `${S}app.ts`])).toHaveLength(1);
  });

  it("fails on a module arrow the doc does not list, and on a listed arrow no import draws", () => {
    expect(check([`${S}modules/wallets/ledger.ts`, `${S}modules/orders/create.ts`])).toEqual([
      `${S}modules/wallets/ledger.ts → ${S}modules/orders/create.ts: the modules' arrow list has no wallets → orders`,
    ]);
    expect(layerViolations(listed.slice(1), layers, domainPackages)).toEqual([
      "orders → wallets: listed among the modules' arrows, but no import draws it",
    ]);
  });

  it("fails on a feature that imports another feature the doc does not allow, or app/", () => {
    expect(check([`${W}features/menu/menu-screen.tsx`, `${W}features/orders/api/get-orders.ts`])).toEqual([
      `${W}features/menu/menu-screen.tsx → ${W}features/orders/api/get-orders.ts: the web app's arrows have no features/menu → features/orders`,
    ]);
    expect(check([`${W}features/menu/menu-screen.tsx`, `${W}app/router.tsx`])).toHaveLength(1);
    expect(check([`${W}lib/session.ts`, `${W}features/menu/api/get-menu.ts`])).toHaveLength(1);
  });

  it("fails on the domain importing Node, React or the database", () => {
    for (const to of [
      "node:fs",
      "fs",
      "node_modules/react/index.js",
      "drizzle-orm",
      "node_modules/pg/lib/index.js",
    ])
      expect(check([`${D}money.ts`, to])).toHaveLength(1);
  });

  it("reads the repository's own doc", () => {
    const real = readLayers(
      fs.readFileSync(path.join(import.meta.dirname, "../docs/architecture.md"), "utf8"),
    );
    expect(real.serverEntries).toEqual(["main.ts", "serve.ts", "app.ts", "ops/"]);
    expect(real.moduleArrows.get("orders")).toEqual(new Set(["data", "guardians", "wallets"]));
    expect(real.webArrows.get("features/staff")).toEqual(new Set(["features/people"]));
  });
});
