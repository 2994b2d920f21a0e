// A new PGlite data directory, made in a process of its own by `openPglite` (db/client.ts): PGlite
// runs initdb in a second database instance and copies its files through tarballs, and a server
// process that did so kept about 120 MB it no longer used (docs/decisions/0065-a-lighter-embedded-start.md).
// Plain JavaScript, so the sources and the bundle both run it with Node alone.
import { PGlite } from "@electric-sql/pglite";

const [pgdata, startParams] = process.argv.slice(2);
const client = new PGlite(pgdata, { startParams: JSON.parse(startParams) });
await client.waitReady;
await client.close();
