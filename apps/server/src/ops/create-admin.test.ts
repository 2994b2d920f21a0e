import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type Database, openPglite, openPostgres, queryRows } from "../db/client";
import { signIn } from "../test/fixtures";
import { request } from "../test/request";
import { startSmtpReceiver } from "../test/smtp-receiver";
import { createPostgresDatabase, createTestApp, testBackend } from "../test/test-app";
import { runCommand } from "./cli";

/**
 * `npm run admin:create` on a canteen that has nothing yet (an empty DATA_DIR, or a new, empty
 * PostgreSQL database when the tests run on PostgreSQL): the command migrates it, as the server
 * would, and makes the admin. Through the command's own entry (`runCommand`) with the passwords
 * given as typed, and once as the real process with its terminal's input piped in.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), "kantien-admin-test-"));
const env: NodeJS.ProcessEnv = { LOG_LEVEL: "silent", DATA_DIR: path.join(work, "canteen") };
let dropDatabase = async () => {};

beforeAll(async () => {
  if (testBackend === "postgres") {
    const created = await createPostgresDatabase();
    env.DATABASE_URL = created.url;
    dropDatabase = created.drop;
  }
});
afterAll(async () => {
  await dropDatabase();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Runs the command; `typed` are the answers to its password questions, in turn. */
async function run(args: string[], typed: string[] = [], extraEnv: NodeJS.ProcessEnv = {}) {
  const lines: string[] = [];
  const asked: string[] = [];
  const answers = [...typed];
  const code = await runCommand(
    ["create-admin", ...args],
    { ...env, ...extraEnv },
    (line) => lines.push(line),
    async (question) => {
      asked.push(question);
      const answer = answers.shift();
      if (answer === undefined) throw new Error(`not expected: ${question}`);
      return answer;
    },
  );
  return { code, output: lines.join("\n"), asked };
}

const names = (first: string, last: string) => ["--first-name", first, "--last-name", last];

async function openCanteen(): Promise<Database> {
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL, 2) : openPglite(env.DATA_DIR!);
}

/** The canteen's API on the command's database, as the server would serve it. */
async function withApp<T>(use: (app: Awaited<ReturnType<typeof createTestApp>>) => Promise<T>): Promise<T> {
  const database = await openCanteen();
  const built = await createTestApp(
    { publicUrl: "http://kantien.test" },
    { ...database, url: env.DATABASE_URL ?? null, drop: () => database.close() },
  );
  try {
    return await use(built);
  } finally {
    await built.close();
    await database.close();
  }
}

async function accountsWith(email: string) {
  const database = await openCanteen();
  try {
    return await queryRows(
      database.db,
      sql`select u.role_id as "roleId", u.password_hash is not null as "hasPassword",
                 u.email_verified_at is not null as verified, s.id is not null as staff
          from users u left join kantien_staff s on s.id = u.id where lower(u.email) = ${email}`,
      z.object({ roleId: z.number(), hasPassword: z.boolean(), verified: z.boolean(), staff: z.boolean() }),
    );
  } finally {
    await database.close();
  }
}

describe("npm run admin:create", () => {
  it("makes an admin on an empty canteen with the password typed twice, who signs in to the back office", async () => {
    const made = await run(
      ["--email", " Hoof@Skool.example ", ...names("Marietjie", "van der Merwe")],
      ["sterk-wagwoord", "sterk-wagwoord"],
    );
    expect(made.output).toBe(
      "Created the admin hoof@skool.example (Marietjie van der Merwe). Sign in at http://localhost:3000/login.",
    );
    expect(made.code).toBe(0);
    expect(made.asked).toEqual(["Password for the new admin: ", "The same password again: "]);
    expect(await accountsWith("hoof@skool.example")).toEqual([
      { roleId: 4, hasPassword: true, verified: true, staff: true },
    ]);

    await withApp(async ({ app }) => {
      const cookie = await signIn(app, { email: "hoof@skool.example", password: "sterk-wagwoord" });
      const me = await request(app, "GET", "/api/staff-members", { cookie });
      expect(me.statusCode).toBe(200);
    });
  });

  it("refuses an address an account has, in any case, before it asks for a password, and changes nothing", async () => {
    expect(
      (
        await run(
          ["--email", "bestaan@skool.example", ...names("Eerste", "Admin")],
          ["wagwoord1", "wagwoord1"],
        )
      ).code,
    ).toBe(0);
    const again = await run(
      ["--email", "BESTAAN@skool.example", ...names("Tweede", "Admin")],
      ["ander-wagwoord"],
    );
    expect(again).toEqual({
      code: 1,
      output: "Refused: an account with bestaan@skool.example exists already: no admin was created",
      asked: [],
    });
    expect(await accountsWith("bestaan@skool.example")).toHaveLength(1);
    await withApp(async ({ app }) => {
      await signIn(app, { email: "bestaan@skool.example", password: "wagwoord1" });
    });
  });

  it("refuses a password the product would refuse, and two that differ, and makes no account", async () => {
    const email = "kort@skool.example";
    const short = await run(["--email", email, ...names("Kort", "Wagwoord")], ["12345"]);
    expect(short).toMatchObject({
      code: 1,
      output: "Refused: the password is too short: at least 6 characters",
    });
    const differ = await run(["--email", email, ...names("Kort", "Wagwoord")], ["geheim123", "geheim124"]);
    expect(differ).toMatchObject({
      code: 1,
      output: "Refused: the two passwords differ: no admin was created",
    });
    expect(await accountsWith(email)).toEqual([]);
  });

  it("refuses missing or unknown options and an address or name the product would refuse", async () => {
    const usage =
      "npm run admin:create -- --email <address> --first-name <name> --last-name <name> [--send-link]";
    expect(await run(["--email", "a@skool.example", "--first-name", "A"])).toEqual({
      code: 1,
      output: `Refused: give --last-name: ${usage}`,
      asked: [],
    });
    expect((await run(["--email", "a@skool.example", ...names("A", "B"), "--role", "3"])).output).toBe(
      `Refused: ${usage}`,
    );
    expect((await run(["--email=nie-'n-adres", ...names("A", "B")])).output).toBe(
      "Refused: --email is not valid",
    );
    expect((await run(["--email", "a@skool.example", ...names("A", "  ")])).output).toBe(
      "Refused: --last-name is not valid",
    );
    expect(await accountsWith("a@skool.example")).toEqual([]);
  });

  it("with --send-link, mails the admin's invitation at once through SMTP_URL; its link sets the password", async () => {
    const smtp = await startSmtpReceiver();
    try {
      const made = await run(
        ["--email", "genooi@skool.example", ...names("Genooi", "Admin"), "--send-link"],
        [],
        {
          SMTP_URL: smtp.url,
          PUBLIC_URL: "http://kantien.test",
        },
      );
      expect(made.output).toBe(
        [
          "Created the admin genooi@skool.example (Genooi Admin), invited by mail.",
          "The set-up link went to genooi@skool.example; it works once, for 72 hours.",
        ].join("\n"),
      );
      expect(made.code).toBe(0);
      expect(made.asked).toEqual([]);
      expect(smtp.received.map((mail) => mail.to)).toEqual([["genooi@skool.example"]]);
      // The mail's text, quoted-printable undone.
      const text = smtp.received[0]!.raw.replace(/=\r?\n/g, "").replaceAll("=3D", "=");
      expect(text).toContain("Jy is genooi om as Kantien-admin by Kantien aan te sluit.");
      const token = /http:\/\/kantien\.test\/setup-account\?token=([\w-]+)/.exec(text)![1]!;
      expect(await accountsWith("genooi@skool.example")).toEqual([
        { roleId: 4, hasPassword: false, verified: false, staff: true },
      ]);

      await withApp(async ({ app }) => {
        const setUp = await request(app, "POST", "/api/auth/setup-account", {
          body: { token, password: "my-eie-wagwoord" },
        });
        expect(setUp.statusCode).toBe(200);
        await signIn(app, { email: "genooi@skool.example", password: "my-eie-wagwoord" });
      });
    } finally {
      await smtp.close();
    }
  });

  it("with --send-link and no SMTP_URL, prints the link the mail in the outbox carries", async () => {
    const made = await run(["--email", "sonder-pos@skool.example", ...names("Sonder", "Pos"), "--send-link"]);
    expect(made.code).toBe(0);
    expect(made.output).toMatch(
      /^SMTP_URL is not set: the mail stays in the outbox\. Link: http:\/\/localhost:3000\/setup-account\?token=\S+\nCreated the admin sonder-pos@skool\.example \(Sonder Pos\), invited by mail\.$/,
    );
  });

  it("runs as npm runs it: the passwords from its input, exit 0; the same address again, exit 1", async () => {
    const root = path.resolve(import.meta.dirname, "../../../..");
    const command = (input: string) =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          [
            "--import",
            "tsx",
            "apps/server/src/ops/cli.ts",
            "create-admin",
            "--email=pyp@skool.example",
            ...names("Pyp", "Lyn"),
          ],
          { cwd: root, env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] },
        );
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString();
        });
        child.stderr.on("data", (chunk: Buffer) => {
          output += chunk.toString();
        });
        child.stdin.end(input);
        child.once("exit", (code) => resolve({ code, output }));
      });
    const made = await command("pyp-wagwoord\npyp-wagwoord\n");
    expect(made.output).toContain("Created the admin pyp@skool.example (Pyp Lyn).");
    expect(made.code).toBe(0);
    const refused = await command("");
    expect(refused.output).toContain("Refused: an account with pyp@skool.example exists already");
    expect(refused.code).toBe(1);
  }, 30_000);
});
