import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Config } from "../config";
import { openPglite, pgliteClient } from "../db/client";
import { writeLastBackup } from "../modules/settings/last-backup";
import { uploadsDir } from "../modules/uploads/service";
import { type Manifest, readAll, readArchive } from "./archive";
import { type CanteenFigures, differences, readFigures, sideBySide } from "./figures";
import { OpsError } from "./ops-error";
import { connectPostgres, redact, refuseNonEmptyPostgres, runPgTool } from "./postgres-tools";

const gunzip = promisify(zlib.gunzip);

export type RestoreResult = {
  manifest: Manifest;
  figures: CanteenFigures;
  /** What differs from the manifest: empty when the restored canteen is the one backed up. */
  differences: string[];
  /** The manifest's figures and the restored ones side by side. */
  report: string;
};

/**
 * `npm run restore -- <file>`: into the database the settings select (DATABASE_URL, else
 * DATA_DIR), which must be empty, and the uploads into DATA_DIR/uploads, which must be empty
 * too; then the restored canteen is checked against the manifest (docs/decisions/0045-backups.md).
 * A backup is restored into the backend it was taken from; `db:move-to-postgres` moves across.
 */
export async function restore(
  config: Pick<Config, "dataDir" | "databaseUrl">,
  file: string,
): Promise<RestoreResult> {
  if (!fs.existsSync(file)) throw new OpsError(`${file} does not exist`);
  const uploads = uploadsDir(config.dataDir);
  return config.databaseUrl
    ? restorePostgres(config.databaseUrl, config.dataDir, uploads, file)
    : restorePglite(config.dataDir, uploads, file);
}

function refuseNonEmptyDir(dir: string, what: string) {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new OpsError(`${dir} is not empty: restore ${what} into a new, empty directory`);
  }
}

function refuseBackend(manifest: Manifest, backend: Manifest["backend"]) {
  if (manifest.backend !== backend) {
    throw new OpsError(
      manifest.backend === "pglite"
        ? "this backup is of an embedded canteen: restore it with DATA_DIR (no DATABASE_URL), then npm run db:move-to-postgres"
        : "this backup is of a PostgreSQL canteen: restore it with DATABASE_URL set to a new, empty database",
    );
  }
}

async function restorePglite(dataDir: string, uploads: string, file: string): Promise<RestoreResult> {
  refuseNonEmptyDir(dataDir, "an embedded canteen (DATA_DIR)");
  const existed = fs.existsSync(dataDir);
  let data: Buffer | null = null;
  try {
    const { manifest } = await readArchive(file, {
      onManifest: (m) => refuseBackend(m, "pglite"),
      onDatabase: async (stream) => {
        data = await gunzip(await readAll(stream));
      },
      uploadsDir: uploads,
    });
    // Not migrated: the server migrates at its next start, as it does after an upgrade.
    const database = await openPglite(dataDir, {
      from: new Blob([data as unknown as Buffer]),
      migrate: false,
    });
    try {
      const figures = await readFigures(pgliteClient(database));
      return finish(manifest, figures, dataDir);
    } finally {
      await database.close();
    }
  } catch (error) {
    // Leave the directory as it was found: empty, or not there.
    if (existed)
      for (const entry of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, entry), { recursive: true });
    else fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

async function restorePostgres(
  url: string,
  dataDir: string,
  uploads: string,
  file: string,
): Promise<RestoreResult> {
  refuseNonEmptyDir(uploads, "the uploads (DATA_DIR/uploads)");
  const client = await connectPostgres(url);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "kantien-restore-"));
  const dump = path.join(work, "database.pgdump");
  const uploadsExisted = fs.existsSync(uploads);
  try {
    await refuseNonEmptyPostgres(client, url);
    const { manifest } = await readArchive(file, {
      onManifest: (m) => refuseBackend(m, "postgres"),
      onDatabase: (stream) => pipeline(stream, fs.createWriteStream(dump)),
      uploadsDir: uploads,
    });
    // One transaction: a restore that fails leaves the database as empty as it was.
    await runPgTool("pg_restore", [
      "--single-transaction",
      "--exit-on-error",
      "--no-owner",
      "--no-privileges",
      `--dbname=${url}`,
      dump,
    ]);
    return finish(manifest, await readFigures(client), dataDir);
  } catch (error) {
    if (!uploadsExisted) fs.rmSync(uploads, { recursive: true, force: true });
    if (error instanceof OpsError || !(error instanceof Error)) throw error;
    throw new OpsError(`restoring into ${redact(url)} failed: ${error.message}`);
  } finally {
    await client.end();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function finish(manifest: Manifest, figures: CanteenFigures, dataDir: string): RestoreResult {
  // The restored canteen's last backup is the one it came from.
  writeLastBackup(dataDir, manifest.created_at);
  return {
    manifest,
    figures,
    differences: differences(manifest.figures, figures),
    report: sideBySide({ title: "backup", figures: manifest.figures }, { title: "restored", figures }),
  };
}
