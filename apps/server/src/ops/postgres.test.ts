import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openPglite, openPostgres, pgliteClient, queryRows } from "../db/client";
import { seedDemo } from "../db/seed/demo";
import { sessionCookieFor } from "../test/fixtures";
import { request } from "../test/request";
import { createPostgresDatabase, createTestApp, pgliteTemplate, testBackend } from "../test/test-app";
import { runCommand } from "./cli";
import { type CanteenFigures, readFigures } from "./figures";

/**
 * PostgreSQL's backup and restore, and the move of an embedded canteen onto PostgreSQL, through
 * the commands' own entry (`runCommand`), each into a new database of the test server, dropped after.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), "kantien-pg-backup-test-"));
// The tests' clock: Tuesday 24 November 2026, 10:00 in Johannesburg.
const now = new Date("2026-11-24T08:00:00Z");
const databases: { drop(): Promise<void> }[] = [];

async function newDatabase() {
  const created = await createPostgresDatabase();
  databases.push(created);
  return created.url;
}

async function run(argv: string[], env: NodeJS.ProcessEnv) {
  const lines: string[] = [];
  const code = await runCommand(argv, { LOG_LEVEL: "silent", ...env }, (line) => lines.push(line));
  return { code, output: lines.join("\n") };
}

async function figuresOf(url: string): Promise<CanteenFigures> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await readFigures(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(testBackend !== "postgres")(
  "npm run backup, restore and db:move-to-postgres on PostgreSQL",
  () => {
    afterAll(async () => {
      for (const database of databases) await database.drop();
      fs.rmSync(work, { recursive: true, force: true });
    });

    describe("a PostgreSQL canteen", () => {
      let source: string;
      const uploads = path.join(work, "pg-data");
      const image = "fedcba9876543210fedcba9876543210.webp";

      beforeAll(async () => {
        source = await newDatabase();
        const database = await openPostgres(source, 2);
        await seedDemo(database.db, "Africa/Johannesburg", now);
        await database.close();
        fs.mkdirSync(path.join(uploads, "uploads"), { recursive: true });
        fs.writeFileSync(path.join(uploads, "uploads", image), "an image");
      });

      it("is backed up with pg_dump and its uploads, and restored into a new, empty database: same rows, same wallet proof", async () => {
        const file = path.join(work, "postgres.kantien");
        const backedUp = await run(["backup", file], { DATABASE_URL: source, DATA_DIR: uploads });
        expect(backedUp.output).toContain("Backed up the PostgreSQL canteen");
        expect(backedUp.code).toBe(0);

        const target = await newDatabase();
        const targetData = path.join(work, "pg-restored-data");
        const restored = await run(["restore", file], { DATABASE_URL: target, DATA_DIR: targetData });
        expect(restored.output).toContain("The restored canteen matches its backup.");
        expect(restored.code).toBe(0);
        const before = await figuresOf(source);
        expect(before.tables.orders).toBeGreaterThan(0);
        expect(await figuresOf(target)).toEqual(before);
        expect(fs.readFileSync(path.join(targetData, "uploads", image), "utf8")).toBe("an image");

        // Into a database that holds anything: refused in one line, nothing changed.
        const again = await run(["restore", file], {
          DATABASE_URL: target,
          DATA_DIR: path.join(work, "pg-restored-again"),
        });
        expect(again.code).toBe(1);
        expect(again.output).toMatch(
          /^Refused: postgres:\/\/\S+ is not empty \(\d+ tables, views or sequences\): give a new, empty database \(createdb\)$/,
        );
        expect(await figuresOf(target)).toEqual(before);
        // Nor were its uploads written.
        expect(fs.existsSync(path.join(work, "pg-restored-again", "uploads"))).toBe(false);
      });
    });

    describe("an embedded canteen moved to PostgreSQL", () => {
      const dataDir = path.join(work, "embedded");

      beforeAll(async () => {
        // A copy of the migrated template: migrating a new PGlite costs seconds.
        const database = await openPglite(dataDir, { from: await pgliteTemplate() });
        await seedDemo(database.db, "Africa/Johannesburg", now);
        await database.close();
      });

      it("arrives whole, and refuses a database that is not empty", async () => {
        const target = await newDatabase();
        const moved = await run(["move-to-postgres", target], { DATA_DIR: dataDir });
        expect(moved.output).toMatch(/orders\s+(\d+)\s+\1\n/);
        expect(moved.output).toContain("Both hold the same canteen.");
        expect(moved.code).toBe(0);

        const embedded = await openPglite(dataDir, { migrate: false });
        const fromEmbedded = await readFigures(pgliteClient(embedded)).finally(() => embedded.close());
        expect(await figuresOf(target)).toEqual(fromEmbedded);

        const refused = await run(["move-to-postgres", target], { DATA_DIR: dataDir });
        expect(refused.code).toBe(1);
        expect(refused.output).toMatch(/^Refused: postgres:\/\/\S+ is not empty/);
      });

      it("carries on its numbers there: a new order takes the day's next pickup number and a new ledger row", async () => {
        const url = await newDatabase();
        expect((await run(["move-to-postgres", url], { DATA_DIR: dataDir })).code).toBe(0);
        const database = await openPostgres(url, 2);
        const built = await createTestApp(
          { clock: () => now },
          { ...database, url, drop: () => database.close() },
        );
        try {
          const { app, db } = built;
          const [student] = await queryRows(
            db,
            sql`select id from users where email = 'student@kantien.example'`,
            z.object({ id: z.string() }),
          );
          const [thursday] = await queryRows(
            db,
            sql`select f.id, (select coalesce(max(pickup_number), 0)::int from orders where order_date = '2026-11-26') as last
              from food_items f join weekly_menus m on m.id = f.weekly_menu_id
              where m.date_from = '2026-11-23' and f.day_of_week = 'Donderdag' and f.retired_at is null`,
            z.object({ id: z.string(), last: z.number() }),
          );
          const [ledger] = await queryRows(
            db,
            sql`select max(id)::int as last from wallet_transactions`,
            z.object({ last: z.number() }),
          );
          const res = await request(app, "POST", "/api/my/orders", {
            cookie: await sessionCookieFor(db, student!.id, now),
            body: { foodItemId: thursday!.id, deliveryDate: "2026-11-26", quantity: 1 },
            headers: { "idempotency-key": randomUUID() },
          });
          expect(res.statusCode, res.body).toBe(201);
          expect(res.json().data.order.pickupNumber).toBe(thursday!.last + 1);
          const [debit] = await queryRows(
            db,
            sql`select max(id)::int as last from wallet_transactions`,
            z.object({ last: z.number() }),
          );
          expect(debit!.last).toBeGreaterThan(ledger!.last);
        } finally {
          await built.close();
          await database.close();
        }
      });
    });
  },
);
