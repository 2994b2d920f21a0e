import { randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { z } from "zod";
import { type Database, dataDirLockHolder } from "../db/client";

/**
 * A running server holds PGlite's data directory, so a backup asks that server for the copy
 * (docs/decisions/0045-backups.md). The server listens for it on a port of its own, on
 * 127.0.0.1 only and apart from the app (the app has no such route), and answers only a
 * request that carries the token it wrote, with its pid and port, into DATA_DIR/kantien.dump.json
 * (readable by the data directory's owner alone): whoever can read it can read the data anyway.
 */
const DUMP_FILE = "kantien.dump.json";
const dumpFile = (dataDir: string) => path.join(dataDir, DUMP_FILE);

const dumpAddress = z.object({ pid: z.number().int(), port: z.number().int(), token: z.string().min(32) });

/** Starts the listener for `database` (PGlite) in `dataDir`; the returned function stops it. */
export async function startDumpListener(database: Database, dataDir: string): Promise<() => Promise<void>> {
  const dump = database.dumpDataDir;
  if (!dump) throw new Error("only a PGlite database is dumped by its server");
  const token = randomBytes(32).toString("hex");
  const expected = Buffer.from(`Bearer ${token}`);
  let busy = false;
  const server = http.createServer((request, response) => {
    const given = Buffer.from(request.headers.authorization ?? "");
    const allowed =
      request.method === "POST" &&
      request.url === "/dump" &&
      given.length === expected.length &&
      timingSafeEqual(given, expected);
    if (!allowed) {
      response.writeHead(403).end();
      return;
    }
    // One copy at a time: each holds the whole directory in memory.
    if (busy) {
      response.writeHead(409).end("a backup is already being taken");
      return;
    }
    busy = true;
    dump()
      .then(async (blob) => {
        response.writeHead(200, { "content-type": "application/x-tar", "content-length": blob.size });
        response.end(Buffer.from(await blob.arrayBuffer()));
      })
      .catch((error: unknown) => {
        response.writeHead(500).end(error instanceof Error ? error.message : String(error));
      })
      .finally(() => {
        busy = false;
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  server.unref();
  const { port } = server.address() as AddressInfo;
  const file = dumpFile(dataDir);
  const temp = `${file}.${process.pid}`;
  fs.writeFileSync(temp, JSON.stringify({ pid: process.pid, port, token }), { mode: 0o600 });
  fs.renameSync(temp, file);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // Remove only our own address, never a later server's.
    try {
      if (dumpAddress.parse(JSON.parse(fs.readFileSync(file, "utf8"))).token === token) fs.rmSync(file);
    } catch {}
  };
}

/**
 * Asks the server that holds `dataDir` for a copy of its data directory. Refuses when the
 * holder left no address (a server of an older version) or is not the one that wrote it.
 */
export async function askServerForDump(dataDir: string): Promise<Blob> {
  const holder = dataDirLockHolder(dataDir);
  let address: z.infer<typeof dumpAddress> | null = null;
  try {
    address = dumpAddress.parse(JSON.parse(fs.readFileSync(dumpFile(dataDir), "utf8")));
  } catch {}
  if (holder === null || address === null || address.pid !== holder) {
    throw new Error(
      `the server holding ${dataDir} (pid ${holder ?? "?"}) does not answer backups: stop it, or restart it with this version`,
    );
  }
  const response = await fetch(`http://127.0.0.1:${address.port}/dump`, {
    method: "POST",
    headers: { authorization: `Bearer ${address.token}` },
  });
  if (!response.ok) {
    throw new Error(
      `the server holding ${dataDir} refused the copy (${response.status}): ${await response.text()}`,
    );
  }
  return response.blob();
}
