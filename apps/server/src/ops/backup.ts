import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Config } from "../config";
import { DataDirLockedError, openPglite, pgliteClient } from "../db/client";
import { writeLastBackup } from "../modules/settings/last-backup";
import { uploadsDir } from "../modules/uploads/service";
import { ARCHIVE_FORMAT, type Manifest, uploadFiles, writeArchive } from "./archive";
import { askServerForDump } from "./dump-listener";
import { type CanteenFigures, readFigures } from "./figures";
import { OpsError } from "./ops-error";
import { connectPostgres, redact, runPgTool } from "./postgres-tools";

const gzip = promisify(zlib.gzip);

export type BackupResult = { file: string; bytes: number; manifest: Manifest };

/**
 * `npm run backup -- <file>`: the canteen the settings select (DATABASE_URL, else DATA_DIR)
 * and its uploads, with a manifest of its figures, into one new file
 * (docs/decisions/0045-backups.md).
 */
export async function backup(
  config: Pick<Config, "dataDir" | "databaseUrl" | "clock">,
  file: string,
): Promise<BackupResult> {
  if (fs.existsSync(file)) throw new OpsError(`${file} already exists: choose a new file name`);
  if (!fs.existsSync(path.dirname(file))) throw new OpsError(`${path.dirname(file)} does not exist`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "kantien-backup-"));
  try {
    const { database, figures } = config.databaseUrl
      ? await dumpPostgres(config.databaseUrl, path.join(work, "database.pgdump"))
      : await dumpPglite(config.dataDir);
    const dir = uploadsDir(config.dataDir);
    const uploads = uploadFiles(dir);
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      created_at: config.clock().toISOString(),
      backend: config.databaseUrl ? "postgres" : "pglite",
      figures,
      uploads: uploads.length,
    };
    const bytes = await writeArchive(file, { manifest, database, uploadsDir: dir, uploads });
    writeLastBackup(config.dataDir, manifest.created_at);
    return { file, bytes, manifest };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * pg_dump in its custom format, reading the very snapshot the figures are counted in: a
 * transaction exports it and stays open until the dump is done.
 */
async function dumpPostgres(
  url: string,
  target: string,
): Promise<{ database: string; figures: CanteenFigures }> {
  const client = await connectPostgres(url);
  try {
    await client.query("begin isolation level repeatable read read only");
    const { rows } = await client.query("select pg_export_snapshot() as snapshot");
    const snapshot = String(rows[0].snapshot);
    const figures = await readFigures(client);
    if (figures.tables.orders === undefined) throw new OpsError(`${redact(url)} holds no canteen`);
    await runPgTool("pg_dump", [
      "--format=custom",
      `--snapshot=${snapshot}`,
      `--file=${target}`,
      `--dbname=${url}`,
    ]);
    await client.query("commit");
    return { database: target, figures };
  } finally {
    await client.end();
  }
}

/**
 * PGlite's data directory: opened here when no server holds it, else copied by the server that
 * does (dump-listener.ts). The figures are read from the copy itself, loaded into memory, so the
 * manifest speaks of exactly what the file holds, and a copy that would not open fails the backup.
 */
async function dumpPglite(dataDir: string): Promise<{ database: Buffer; figures: CanteenFigures }> {
  if (!fs.existsSync(path.join(dataDir, "pgdata", "PG_VERSION"))) {
    throw new OpsError(`${dataDir} holds no canteen (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
  }
  let blob: Blob;
  try {
    const database = await openPglite(dataDir, { migrate: false });
    try {
      blob = await (database.dumpDataDir as () => Promise<Blob>)();
    } finally {
      await database.close();
    }
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    blob = await askServerForDump(dataDir).catch((e: unknown) => {
      throw new OpsError(e instanceof Error ? e.message : String(e));
    });
  }
  const copy = await openPglite(null, { from: blob, migrate: false });
  try {
    const figures = await readFigures(pgliteClient(copy));
    // Compressed here, in the command's process, never in the server's.
    return { database: await gzip(Buffer.from(await blob.arrayBuffer())), figures };
  } finally {
    await copy.close();
  }
}
