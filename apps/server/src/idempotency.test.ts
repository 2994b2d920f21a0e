import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { z } from "zod";
import type { Db } from "./db/client";
import { queryRows } from "./db/client";
import { deleteOldIdempotencyKeys, idempotent } from "./idempotency";
import { appTest } from "./test/app-test";
import { createUser, type TestUser } from "./test/fixtures";

const it = appTest();

describe("idempotency keys", () => {
  let admin: TestUser;

  it.beforeAll(async ({ db }) => {
    admin = await createUser(db, { roleId: 4 });
  });

  const keep = (db: Db, key: string) =>
    idempotent(
      db,
      { scope: "test", key, userId: admin.id, request: { key }, body: z.object({ key: z.string() }) },
      async () => ({ statusCode: 201, body: { key } }),
    );

  it("the hourly sweep deletes keys older than a day and keeps the others", async ({ db }) => {
    await keep(db, "oud");
    await keep(db, "nuut");
    await db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'test:oud'`,
    );

    await deleteOldIdempotencyKeys(db);

    const left = await queryRows(
      db,
      sql`select key from idempotency_keys where key like 'test:%' order by key`,
      z.object({ key: z.string() }),
    );
    expect(left.map((r) => r.key)).toEqual(["test:nuut"]);
  });
});
