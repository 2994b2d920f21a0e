import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import tar from "tar-stream";
import { z } from "zod";
import { canteenFigures } from "./figures";

/**
 * A backup is one tar file (docs/decisions/0045-backups.md): `manifest.json` first, then the
 * database (`pgdata.tar.gz`, PGlite's data directory, or `database.pgdump`, pg_dump's custom
 * format), then `uploads/<name>` for every uploaded image.
 */
export const ARCHIVE_FORMAT = 1;
export const MANIFEST_ENTRY = "manifest.json";
export const DATABASE_ENTRY = { pglite: "pgdata.tar.gz", postgres: "database.pgdump" } as const;
const UPLOADS_PREFIX = "uploads/";

export const manifest = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  created_at: z.iso.datetime(),
  backend: z.enum(["pglite", "postgres"]),
  figures: canteenFigures,
  uploads: z.number().int().nonnegative(),
});
export type Manifest = z.infer<typeof manifest>;

/** A file name an upload may have: the server's own names, never a path. */
const uploadName = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The uploaded files in `dir` (none when it is missing); temporary files (`.name.tmp`) are left out. */
export function uploadFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && uploadName.test(e.name))
    .map((e) => e.name)
    .sort();
}

/**
 * Writes the archive to `file`: under a temporary name beside it, renamed when whole, so a
 * failed backup never leaves a file that looks like one.
 */
export async function writeArchive(
  file: string,
  contents: { manifest: Manifest; database: string | Buffer; uploadsDir: string; uploads: string[] },
): Promise<number> {
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(4).toString("hex")}.partial`,
  );
  const pack = tar.pack();
  const written = pipeline(pack, fs.createWriteStream(temp, { flags: "wx" }));
  try {
    const entry = async (name: string, source: string | Buffer) => {
      if (Buffer.isBuffer(source)) {
        await new Promise<void>((resolve, reject) =>
          pack.entry({ name, size: source.length }, source, (e) => (e ? reject(e) : resolve())),
        );
        return;
      }
      const size = fs.statSync(source).size;
      const sink = pack.entry({ name, size });
      await pipeline(fs.createReadStream(source), sink);
    };
    await entry(MANIFEST_ENTRY, Buffer.from(JSON.stringify(contents.manifest, null, 2)));
    await entry(DATABASE_ENTRY[contents.manifest.backend], contents.database);
    for (const name of contents.uploads) {
      await entry(`${UPLOADS_PREFIX}${name}`, path.join(contents.uploadsDir, name));
    }
    pack.finalize();
    await written;
    fs.renameSync(temp, file);
    return fs.statSync(file).size;
  } catch (error) {
    pack.destroy();
    await written.catch(() => {});
    fs.rmSync(temp, { force: true });
    throw error;
  }
}

export class ArchiveError extends Error {}

/**
 * Reads an archive in one pass: the manifest must come first and be one this version knows;
 * the database is handed to `onDatabase` as a stream, each upload is written into `uploadsDir`.
 */
export async function readArchive(
  file: string,
  {
    onManifest,
    onDatabase,
    uploadsDir,
  }: {
    onManifest: (m: Manifest) => void;
    onDatabase: (stream: Readable) => Promise<void>;
    uploadsDir: string;
  },
): Promise<{ manifest: Manifest; uploads: number }> {
  let found: Manifest | null = null;
  let database = false;
  let uploads = 0;
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(file), extract);
  for await (const entry of extract) {
    const name = entry.header.name;
    if (found === null) {
      if (name !== MANIFEST_ENTRY)
        throw new ArchiveError(`${file} is not a Kantien backup (no manifest first)`);
      const parsed = manifest.safeParse(JSON.parse((await readAll(entry)).toString("utf8")));
      if (!parsed.success) {
        throw new ArchiveError(
          `${file} has a manifest this version cannot read: ${parsed.error.issues[0]?.message}`,
        );
      }
      found = parsed.data;
      onManifest(found);
    } else if (name === DATABASE_ENTRY[found.backend]) {
      await onDatabase(Readable.from(entry));
      database = true;
    } else if (name.startsWith(UPLOADS_PREFIX) && uploadName.test(name.slice(UPLOADS_PREFIX.length))) {
      fs.mkdirSync(uploadsDir, { recursive: true });
      await pipeline(
        entry,
        fs.createWriteStream(path.join(uploadsDir, name.slice(UPLOADS_PREFIX.length)), { flags: "wx" }),
      );
      uploads++;
    } else {
      throw new ArchiveError(`${file} holds an entry this version does not know: ${name}`);
    }
  }
  await reading;
  if (found === null || !database) throw new ArchiveError(`${file} is not a whole Kantien backup`);
  if (uploads !== found.uploads) {
    throw new ArchiveError(`${file} holds ${uploads} uploads, its manifest says ${found.uploads}`);
  }
  return { manifest: found, uploads };
}

/** A stream's bytes, whole. */
export async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
