import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { pgliteTemplate } from "../test/test-app";
import { DataDirLockedError, openPglite, openPostgres, pgliteClient, queryRows } from "./client";

describe("a new PGlite data directory", () => {
  it("is made by a child process, then opened and migrated here, with 32 MB of shared buffers", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kantien-new-"));
    try {
      const database = await openPglite(dir);
      try {
        expect(fs.existsSync(path.join(dir, "pgdata", "PG_VERSION"))).toBe(true);
        const client = pgliteClient(database);
        const shown = await client.query<{ shared_buffers: string }>("show shared_buffers");
        expect(shown.rows[0]?.shared_buffers).toBe("32MB");
        const users = await client.query<{ n: number }>("select count(*)::int as n from users");
        expect(users.rows[0]?.n).toBe(0);
      } finally {
        await database.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the PGlite data directory lock", () => {
  // One directory for every test: PGlite creates its files once, later opens are quicker.
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kantien-lock-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const lockFile = (d: string) => path.join(d, "kantien.pid");

  it("refuses a second open of a directory in use, and opens it again once it is closed", async () => {
    const first = await openPglite(dir, { from: await pgliteTemplate() });
    expect(fs.readFileSync(lockFile(dir), "utf8")).toBe(String(process.pid));
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    // The refused open left the first one's lock, and no temporary pid files, in place.
    expect(fs.existsSync(lockFile(dir))).toBe(true);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith("kantien.pid."))).toEqual([]);
    await first.close();
    expect(fs.existsSync(lockFile(dir))).toBe(false);

    const again = await openPglite(dir);
    try {
      await again.db.execute(sql`select 1`);
    } finally {
      await again.close();
    }
  });

  it("takes over a stale lock: of a process that is gone, or an earlier life of our own pid", async () => {
    for (const stalePid of [2_147_483_646, process.pid]) {
      fs.writeFileSync(lockFile(dir), String(stalePid));
      const database = await openPglite(dir);
      expect(fs.readFileSync(lockFile(dir), "utf8")).toBe(String(process.pid));
      await database.close();
      expect(fs.existsSync(lockFile(dir))).toBe(false);
    }
  });

  it("refuses a directory locked by another live process", async () => {
    // The parent of the test worker is alive and is not us.
    fs.writeFileSync(lockFile(dir), String(process.ppid));
    await expect(openPglite(dir)).rejects.toThrow(new RegExp(`pid ${process.ppid}`));
    expect(fs.readFileSync(lockFile(dir), "utf8")).toBe(String(process.ppid));
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(process.env.TEST_DB === "postgres" && adminUrl)("several processes on one PostgreSQL", () => {
  const name = `kantien_together_${randomBytes(4).toString("hex")}`;
  const admin = (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    return client.connect().then(() => client.query(query).finally(() => client.end()));
  };
  beforeAll(() => admin(`create database ${name}`));
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it("starting together on an empty database, they migrate one at a time and all start", async () => {
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const opened = await Promise.all([1, 2, 3].map(() => openPostgres(url.toString(), 2)));
    try {
      const rows = await queryRows(
        opened[0]!.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        z.object({ n: z.number() }),
      );
      const files = fs
        .readdirSync(path.join(import.meta.dirname, "migrations"))
        .filter((f) => f.endsWith(".sql"));
      expect(rows).toEqual([{ n: files.length }]);
    } finally {
      await Promise.all(opened.map((database) => database.close()));
    }
  });
});
