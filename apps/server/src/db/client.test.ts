import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DataDirLockedError, openPglite } from "./client";

describe("the PGlite data directory lock", () => {
  // One directory for every test: PGlite creates its files once, later opens are quicker.
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kantien-lock-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const lockFile = (d: string) => path.join(d, "kantien.pid");

  it("refuses a second open of a directory in use, and opens it again once it is closed", async () => {
    const first = await openPglite(dir);
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
