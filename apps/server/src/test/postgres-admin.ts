import pg from "pg";

/*
 * Statements on a PostgreSQL server's admin connection (CREATE and DROP DATABASE), for the API
 * tests' databases and the browser tests' servers. Free of Vitest, so e2e/ can import it.
 */

/** Runs one statement on its own connection to `adminUrl`. */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The address of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
