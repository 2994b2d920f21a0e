import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "./db/client";
import { deleteOldIdempotencyKeys, idempotent } from "./idempotency";
import { createUser, type TestUser } from "./test/fixtures";
import { createTestApp, type TestApp } from "./test/test-app";

describe("idempotency keys", () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.db, { roleId: 4 });
  });
  afterAll(() => t.close());

  const keep = (key: string) =>
    idempotent(
      t.db,
      { scope: "test", key, userId: admin.id, request: { key }, body: z.object({ key: z.string() }) },
      async () => ({ statusCode: 201, body: { key } }),
    );

  it("the hourly sweep deletes keys older than a day and keeps the others", async () => {
    await keep("oud");
    await keep("nuut");
    await t.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'test:oud'`,
    );

    await deleteOldIdempotencyKeys(t.db);

    const left = await queryRows(
      t.db,
      sql`select key from idempotency_keys where key like 'test:%' order by key`,
      z.object({ key: z.string() }),
    );
    expect(left.map((r) => r.key)).toEqual(["test:nuut"]);
  });
});
