import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase, testBackend } from "../../test/test-app";
import { type Database, openPostgres, queryRows } from "../client";
import { DEMO_ACCOUNTS, existingDemoAccounts, hasUsers, seedDemo } from "./demo";

describe("the demo seed", () => {
  let database: TestDatabase;
  let second: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    // On PostgreSQL a second pool plays the second server process; PGlite has one connection.
    second = testBackend === "postgres" ? await openPostgres(database.url!, 2) : database;
  });
  afterAll(async () => {
    if (second !== database) await second.close();
    await database.drop();
  });

  it("is loaded once when two processes start on one empty database at the same time", async () => {
    expect(await existingDemoAccounts(database.db)).toEqual([]);
    const seeded = await Promise.all([
      seedDemo(database.db, "Africa/Johannesburg"),
      seedDemo(second.db, "Africa/Johannesburg"),
    ]);
    expect(seeded.filter(Boolean)).toHaveLength(1);
    const [{ count }] = (await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from users where lower(email) like '%@kantien.example'`,
    )) as [{ count: number }];
    expect(Number(count)).toBe(DEMO_ACCOUNTS.length + 40);
    expect(await existingDemoAccounts(database.db)).toEqual([...DEMO_ACCOUNTS]);
  });

  it("adds nothing to a database that has users", async () => {
    expect(await hasUsers(database.db)).toBe(true);
    expect(await seedDemo(database.db, "Africa/Johannesburg")).toBe(false);
  });
});
