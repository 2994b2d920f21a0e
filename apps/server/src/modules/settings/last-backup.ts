import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * When the last backup of this canteen was taken: written by `npm run backup` into DATA_DIR
 * beside the uploads it saved, read by the admin's settings screen (docs/decisions/0045-backups.md).
 */
const LAST_BACKUP_FILE = "last-backup.json";

const lastBackup = z.object({ at: z.iso.datetime() });

/** When the last backup completed (ISO 8601), or null when none did (or its note cannot be read). */
export function readLastBackup(dataDir: string): string | null {
  try {
    return lastBackup.parse(JSON.parse(fs.readFileSync(path.join(dataDir, LAST_BACKUP_FILE), "utf8"))).at;
  } catch {
    return null;
  }
}

/** Notes a backup that completed; written whole or not at all. */
export function writeLastBackup(dataDir: string, at: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LAST_BACKUP_FILE);
  const temp = `${file}.${process.pid}`;
  fs.writeFileSync(temp, JSON.stringify({ at }));
  fs.renameSync(temp, file);
}
