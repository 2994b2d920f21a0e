import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { dumpMigratedPglite, openPostgres } from "../db/client";
import { adminQuery, databaseUrl } from "./postgres-admin";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (a tar file) each API test file starts from. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database each API test file's database is created from. */
    postgresTemplate: string | null;
  }
}

/**
 * Migrates once for the whole API test run: a PGlite dump, and on PostgreSQL (TEST_DB=postgres)
 * a template database. Each test file then copies it instead of migrating (test-app.ts).
 */
export default async function setup(project: TestProject) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "kantien-template-"));
  const dump = path.join(work, "pgdata.tar");
  fs.writeFileSync(dump, Buffer.from(await (await dumpMigratedPglite()).arrayBuffer()));
  project.provide("pgliteTemplate", dump);

  const adminUrl = process.env.TEST_DATABASE_URL;
  let template: string | null = null;
  if (process.env.TEST_DB === "postgres" && adminUrl) {
    template = `kantien_template_${randomBytes(6).toString("hex")}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${template}`);
    const database = await openPostgres(databaseUrl(adminUrl, template), 1);
    await database.close();
  }
  project.provide("postgresTemplate", template);

  return async () => {
    fs.rmSync(work, { recursive: true, force: true });
    if (template && adminUrl) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}
