import fs from "node:fs";
import { buildApp } from "../src/app";
import { openPglite } from "../src/db/client";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from "../src/db/seed/demo";
import { SESSION_COOKIE } from "../src/plugins/session";
import { testConfig } from "../src/test/test-app";

export type DemoServer = {
  base: string;
  /** Cookie headers of the demo student (the ordering app) and the demo cook (the kitchen). */
  cookies: { customer: string; cook: string };
  /** Paths of the scripts the server has sent, in order; empty it before a visit. */
  servedScripts: string[];
  close(): Promise<void>;
};

/**
 * The built web app on the real server with the demo data (DESIGN §8), as `npm start` serves it
 * on a fresh PGlite; the student and the cook sign in through the API as their apps do.
 */
export async function startDemoServer(webDist: string): Promise<DemoServer> {
  const config = testConfig();
  const database = await openPglite(null);
  await seedDemo(database.db, config.timeZone, config.clock());
  const app = await buildApp({ config, database, webDist });
  const servedScripts: string[] = [];
  // What left the server, whoever asked: the page, or a service worker precaching.
  app.addHook("onRequest", async (request) => {
    const pathname = request.url.split("?")[0] ?? "";
    if (request.method === "GET" && pathname.endsWith(".js")) servedScripts.push(pathname);
  });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  const account = (roleId: number) => DEMO_ACCOUNTS.find((a) => a.roleId === roleId)!.email;
  const cookies = {
    customer: await signIn(`${base}/api/my/auth/login`, account(1)),
    cook: await signIn(`${base}/api/auth/login`, account(3)),
  };
  return {
    base,
    cookies,
    servedScripts,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const token = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!token) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  return token;
}
