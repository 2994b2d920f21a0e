import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDirLockHolder, openPglite, pgliteClient } from "../db/client";
import { seedDemo } from "../db/seed/demo";
import { readLastBackup } from "../modules/settings/last-backup";
import { pgliteTemplate, testBackend } from "../test/test-app";
import { runCommand } from "./cli";
import { type CanteenFigures, readFigures } from "./figures";

/**
 * The embedded canteen's backup and restore through the commands' own entry (`runCommand`, what
 * `npm run backup` / `restore` call), on one demo canteen seeded for the file. PostgreSQL's are
 * in postgres.test.ts.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), "kantien-backup-test-"));
const source = path.join(work, "canteen");
const image = "0123456789abcdef0123456789abcdef.webp";
let sourceFigures: CanteenFigures;

async function run(argv: string[], env: NodeJS.ProcessEnv) {
  const lines: string[] = [];
  const code = await runCommand(argv, { LOG_LEVEL: "silent", ...env }, (line) => lines.push(line));
  return { code, output: lines.join("\n") };
}

async function figuresOf(dataDir: string) {
  const database = await openPglite(dataDir, { migrate: false });
  try {
    return await readFigures(pgliteClient(database));
  } finally {
    await database.close();
  }
}

describe.skipIf(testBackend !== "pglite")("npm run backup and restore on PGlite", () => {
  beforeAll(async () => {
    const database = await openPglite(source, { from: await pgliteTemplate() });
    await seedDemo(database.db, "Africa/Johannesburg", new Date("2026-11-24T08:00:00Z"));
    await database.close();
    fs.mkdirSync(path.join(source, "uploads"));
    fs.writeFileSync(path.join(source, "uploads", image), "an image");
    sourceFigures = await figuresOf(source);
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it("backs the demo canteen up with its uploads, and restores it into a new directory: same rows, same wallet proof", async () => {
    const file = path.join(work, "stopped.kantien");
    expect(readLastBackup(source)).toBeNull();
    const backedUp = await run(["backup", file], { DATA_DIR: source });
    expect(backedUp.output).toContain(`Backed up the embedded canteen in ${source}`);
    expect(backedUp.code).toBe(0);
    expect(readLastBackup(source)).not.toBeNull();
    expect(sourceFigures.tables.orders).toBeGreaterThan(0);
    expect(Number(sourceFigures.wallets.balances)).toBeGreaterThan(0);

    const target = path.join(work, "restored");
    const restored = await run(["restore", file], { DATA_DIR: target });
    expect(restored.output).toContain("The restored canteen matches its backup.");
    expect(restored.output).toMatch(/sum of wallet balances\s+\S+\s+\S+/);
    expect(restored.code).toBe(0);
    expect(await figuresOf(target)).toEqual(sourceFigures);
    expect(fs.readFileSync(path.join(target, "uploads", image), "utf8")).toBe("an image");
  });

  it("refuses to restore into a directory that holds anything, and leaves it as it was", async () => {
    const file = path.join(work, "for-refusal.kantien");
    expect((await run(["backup", file], { DATA_DIR: source })).code).toBe(0);
    // A backup never overwrites a file.
    const again = await run(["backup", file], { DATA_DIR: source });
    expect(again).toEqual({ code: 1, output: `Refused: ${file} already exists: choose a new file name` });

    const occupied = path.join(work, "occupied");
    fs.mkdirSync(occupied);
    fs.writeFileSync(path.join(occupied, "notes.txt"), "mine");
    const refused = await run(["restore", file], { DATA_DIR: occupied });
    expect(refused).toEqual({
      code: 1,
      output: `Refused: ${occupied} is not empty: restore an embedded canteen (DATA_DIR) into a new, empty directory`,
    });
    expect(fs.readdirSync(occupied)).toEqual(["notes.txt"]);
    // The canteen itself is not empty either.
    expect((await run(["restore", file], { DATA_DIR: source })).code).toBe(1);
    expect(await figuresOf(source)).toEqual(sourceFigures);
  });

  describe("while a server holds the data directory", () => {
    let server: ChildProcess;
    const port = 3501;

    beforeAll(async () => {
      server = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
        cwd: path.resolve(import.meta.dirname, "../.."),
        env: { ...process.env, DATA_DIR: source, PORT: String(port), SEED_DEMO: "false", LOG_LEVEL: "warn" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      await new Promise<void>((resolve, reject) => {
        server.stdout?.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes("is running on")) resolve();
        });
        server.stderr?.on("data", (chunk: Buffer) => {
          output += chunk.toString();
        });
        server.once("exit", (code) => reject(new Error(`the server exited (${code}): ${output}`)));
      });
    });
    afterAll(async () => {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    });

    it("takes the backup from the running server, which goes on serving, and the backup restores whole", async () => {
      expect(dataDirLockHolder(source)).toBe(server.pid);
      const file = path.join(work, "running.kantien");
      const backedUp = await run(["backup", file], { DATA_DIR: source });
      expect(backedUp.output).toContain("Backed up the embedded canteen");
      expect(backedUp.code).toBe(0);

      expect(dataDirLockHolder(source)).toBe(server.pid);
      const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      expect(ready.status).toBe(200);

      const target = path.join(work, "restored-from-running");
      const restored = await run(["restore", file], { DATA_DIR: target });
      expect(restored.output).toContain("The restored canteen matches its backup.");
      expect(restored.code).toBe(0);
      expect(await figuresOf(target)).toEqual(sourceFigures);
      expect(fs.readdirSync(path.join(target, "uploads"))).toEqual([image]);
    });

    it("answers no one without the token the server wrote into DATA_DIR", async () => {
      const address = path.join(source, "kantien.dump.json");
      // Readable by the data directory's owner alone.
      expect(fs.statSync(address).mode & 0o077).toBe(0);
      const { port: dumpPort } = JSON.parse(fs.readFileSync(address, "utf8"));
      const noToken = await fetch(`http://127.0.0.1:${dumpPort}/dump`, { method: "POST" });
      expect(noToken.status).toBe(403);
      const wrongToken = await fetch(`http://127.0.0.1:${dumpPort}/dump`, {
        method: "POST",
        headers: { authorization: `Bearer ${"0".repeat(64)}` },
      });
      expect(wrongToken.status).toBe(403);
      // The app's own port has no such route.
      expect(
        (await fetch(`http://127.0.0.1:${port}/dump`, { method: "POST" })).status,
      ).toBeGreaterThanOrEqual(400);
    });
  });
});
