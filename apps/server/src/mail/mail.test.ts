import net from "node:net";
import { eq, inArray, sql } from "drizzle-orm";
import Fastify from "fastify";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, vi } from "vitest";
import { buildApp } from "../app";
import type { Db } from "../db/client";
import { emailOutbox, userSettings, users } from "../db/schema";
import { enqueueAccountEmail } from "../modules/auth/account-mail";
import { appTest } from "../test/app-test";
import { createUser, terminateListeners } from "../test/fixtures";
import { request } from "../test/request";
import { startSmtpReceiver } from "../test/smtp-receiver";
import { testBackend, testConfig } from "../test/test-app";
import { EMAIL_CHANNEL, enqueueEmail } from "./outbox";
import {
  createSmtpTransport,
  MAX_EMAIL_ATTEMPTS,
  OUTBOX_KEEP_DAYS,
  SMTP_TIMEOUTS,
  sendDueEmails,
  startEmailSender,
  sweepEmailOutbox,
} from "./sender";

/** A port where nothing listens. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

/** Undoes quoted-printable, so links can be read in a raw message. */
const decodeQp = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

function captureLog() {
  const lines: string[] = [];
  const log = Fastify({
    logger: { level: "info", stream: { write: (line: string) => lines.push(line) } },
  }).log;
  return { lines, log };
}

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}@toets.example`;

async function outboxRow(db: Db, id: number) {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
}

const it = appTest();
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
});
afterAll(async () => smtp.close());

describe("without SMTP_URL", () => {
  it("keeps a sign-up's mail in the outbox and logs its link", async ({ db, config, database }) => {
    const { lines, log } = captureLog();
    const app = await buildApp({
      config,
      database,
      logger: { level: "info", stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const email = unique("log");
      const res = await request(app, "POST", "/api/auth/signup", {
        body: { first_name: "Lia", last_name: "Nel", email, role_id: 1, password: "wagwoord1" },
      });
      expect(res.statusCode).toBe(201);
      const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
      const link = mail!.textBody.match(/http:\/\/localhost:3000\/verify-email\?token=[\w-]+/)?.[0];
      expect(link).toBeDefined();
      expect(lines.some((line) => line.includes(link!))).toBe(true);

      // The sender without SMTP sends nothing: the mail stays pending.
      const sender = await startEmailSender({ db, config, log });
      sender.wake();
      await sender.stop();
      expect(await outboxRow(db, mail!.id)).toMatchObject({ status: "pending", attempts: 0 });
    } finally {
      await app.close();
    }
  });
});

describe("account emails", () => {
  it("write in the recipient's language and escape names in HTML", async ({ db, config }) => {
    const user = await createUser(db, { roleId: 3, email: unique("html") });
    await db.update(users).set({ firstName: `<b>Jan</b> & "Co"` }).where(eq(users.id, user.id));
    await db.update(userSettings).set({ language: "en" }).where(eq(userSettings.userId, user.id));
    const { lines, log } = captureLog();
    await enqueueAccountEmail(db, { config, log }, { kind: "invitation", userId: user.id, token: "tok" });
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
    expect(mail!.subject).toBe("You are invited to Kantien");
    expect(mail!.textBody).toContain(`Hello <b>Jan</b> & "Co",`);
    expect(mail!.textBody).toContain("http://localhost:3000/setup-account?token=tok");
    expect(mail!.htmlBody).toContain("Hello &lt;b&gt;Jan&lt;/b&gt; &amp; &quot;Co&quot;,");
    expect(mail!.htmlBody).not.toContain("<b>Jan");
    expect(mail!.htmlBody).toContain('<a href="http://localhost:3000/setup-account?token=tok">');
    expect(lines.join("")).toContain("http://localhost:3000/setup-account?token=tok");
  });

  it("log no link when SMTP is set", async ({ db, config }) => {
    const user = await createUser(db, { roleId: 1 });
    const { lines, log } = captureLog();
    const withSmtp = { ...config, smtpUrl: "smtp://127.0.0.1:1" };
    await enqueueAccountEmail(
      db,
      { config: withSmtp, log },
      { kind: "verify_email", userId: user.id, token: "geheim" },
    );
    expect(lines.join("")).not.toContain("geheim");
  });
});

describe("the SMTP sender", () => {
  const mail = (to: string) => ({
    to,
    subject: "Toets",
    text: "Hallo http://localhost:3000/x?token=abc",
    html: "<p>Hallo</p>",
  });

  it("sends a queued mail at once when the queue's NOTIFY wakes it, and marks it sent", async ({
    db,
    database,
  }) => {
    const { log } = captureLog();
    // A poll of a minute: only the NOTIFY of enqueueEmail can make it send within the test.
    const sender = await startEmailSender({
      db,
      config: testConfig({ smtpUrl: smtp.url, canteenName: "Kantien" }),
      log,
      listen: database.listen,
      pollMs: 60_000,
    });
    try {
      // Let it finish what earlier tests left in the outbox, so it is idle.
      await vi.waitFor(
        async () =>
          expect(await db.select().from(emailOutbox).where(eq(emailOutbox.status, "pending"))).toEqual([]),
        { timeout: 5000, interval: 50 },
      );
      await new Promise((r) => setTimeout(r, 100));
      const to = unique("smtp");
      const id = (await db.transaction((tx) => enqueueEmail(tx, mail(to))))!;
      await vi.waitFor(() => expect(smtp.received.some((m) => m.to.includes(to))).toBe(true), {
        timeout: 5000,
        interval: 20,
      });
      const got = smtp.received.find((m) => m.to.includes(to))!;
      expect(got.from).toBe("no-reply@localhost");
      expect(got.raw).toContain("Subject: Toets");
      expect(decodeQp(got.raw)).toContain("http://localhost:3000/x?token=abc");
      await vi.waitFor(async () => expect((await outboxRow(db, id)).status).toBe("sent"), { timeout: 2000 });
      const row = await outboxRow(db, id);
      // Sent: the link-carrying bodies are gone, the subject and recipient stay.
      expect(row).toMatchObject({
        attempts: 1,
        lastError: null,
        toAddress: to,
        subject: "Toets",
        textBody: "",
        htmlBody: null,
      });
      expect(row.sentAt).toBeInstanceOf(Date);
    } finally {
      await sender.stop();
    }
  });

  it.skipIf(testBackend !== "postgres")(
    "listens again after its LISTEN connection is lost, and sends what was queued meanwhile",
    async ({ db, database }) => {
      const { log } = captureLog();
      const sender = await startEmailSender({
        db,
        config: testConfig({ smtpUrl: smtp.url }),
        log,
        listen: database.listen,
        pollMs: 60_000,
      });
      try {
        await vi.waitFor(
          async () =>
            expect(await db.select().from(emailOutbox).where(eq(emailOutbox.status, "pending"))).toEqual([]),
          { timeout: 5000, interval: 50 },
        );
        expect(await terminateListeners(db, EMAIL_CHANNEL)).toEqual([true]);
        // Queued while nobody listens: only the catch-up after the reconnection can send it in time.
        const missed = unique("gemis");
        await enqueueEmail(db, mail(missed));
        await vi.waitFor(() => expect(smtp.received.some((m) => m.to.includes(missed))).toBe(true), {
          timeout: 5000,
          interval: 20,
        });
        // And the NOTIFY wakes it again.
        const later = unique("later");
        await enqueueEmail(db, mail(later));
        await vi.waitFor(() => expect(smtp.received.some((m) => m.to.includes(later))).toBe(true), {
          timeout: 5000,
          interval: 20,
        });
      } finally {
        await sender.stop();
      }
    },
  );

  it("leaves a mail pending with one more attempt and a later retry when SMTP is down", async ({ db }) => {
    const { log } = captureLog();
    const id = (await enqueueEmail(db, mail(unique("down"))))!;
    const down = nodemailer.createTransport(`smtp://127.0.0.1:${await closedPort()}`);
    await sendDueEmails(db, down, { from: "no-reply@localhost", log });
    const row = await outboxRow(db, id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, sentAt: null });
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    const [{ wait }] = (await db
      .select({ wait: sql<number>`extract(epoch from ${emailOutbox.nextAttemptAt} - now())`.mapWith(Number) })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, id))) as [{ wait: number }];
    expect(wait).toBeGreaterThan(20);
    expect(wait).toBeLessThan(40);

    // Not due yet: the next round leaves it alone.
    await sendDueEmails(db, down, { from: "no-reply@localhost", log });
    expect((await outboxRow(db, id)).attempts).toBe(1);

    // After the last attempt it is marked failed, and kept.
    await db
      .update(emailOutbox)
      .set({ attempts: MAX_EMAIL_ATTEMPTS - 1, nextAttemptAt: sql`now()` })
      .where(eq(emailOutbox.id, id));
    await sendDueEmails(db, down, { from: "no-reply@localhost", log });
    expect(await outboxRow(db, id)).toMatchObject({ status: "failed", attempts: MAX_EMAIL_ATTEMPTS });
  });

  it("never sends one mail twice, with two senders on one outbox", async ({ db }) => {
    const { log } = captureLog();
    const addresses = Array.from({ length: 20 }, () => unique("twee"));
    const ids: number[] = [];
    for (const to of addresses) ids.push((await enqueueEmail(db, mail(to)))!);
    const config = testConfig({ smtpUrl: smtp.url });
    const senders = await Promise.all([1, 2].map(() => startEmailSender({ db, config, log, pollMs: 50 })));
    try {
      await vi.waitFor(
        async () => {
          const rows = await db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
          expect(rows.every((r) => r.status === "sent")).toBe(true);
        },
        { timeout: 10_000, interval: 50 },
      );
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      await Promise.all(senders.map((s) => s.stop()));
    }
    const delivered = smtp.received.flatMap((m) => m.to).filter((to) => addresses.includes(to));
    expect(delivered.sort()).toEqual([...addresses].sort());
    const rows = await db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });

  it("gives up on a slow SMTP server well within the 5-minute claim", () => {
    const transport = createSmtpTransport(smtp.url);
    expect(transport.options).toMatchObject(SMTP_TIMEOUTS);
    const worstCase =
      SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout;
    expect(worstCase).toBeLessThan(2 * 60_000);
    transport.close();
  });
});

describe("the hourly outbox sweep", () => {
  const aged = async (
    db: Db,
    to: string,
    days: number,
    status: "pending" | "sent" | "failed" = "pending",
  ) => {
    const id = (await enqueueEmail(db, { to, subject: "Ou", text: "token=abc", html: "<a>token=abc</a>" }))!;
    await db
      .update(emailOutbox)
      .set({ status, createdAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(emailOutbox.id, id));
    return id;
  };

  it("without SMTP_URL, deletes mails older than a week and keeps newer ones whole", async ({ db }) => {
    const old = await aged(db, unique("oud"), OUTBOX_KEEP_DAYS + 1);
    const recent = await aged(db, unique("nuut"), OUTBOX_KEEP_DAYS - 1);
    await sweepEmailOutbox(db, { smtpUrl: undefined });
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.id, old))).toEqual([]);
    expect(await outboxRow(db, recent)).toMatchObject({
      textBody: "token=abc",
      htmlBody: "<a>token=abc</a>",
    });
  });

  it("with SMTP_URL, keeps the rows but blanks the bodies of mails that failed over a week ago", async ({
    db,
  }) => {
    const failed = await aged(db, unique("misluk"), OUTBOX_KEEP_DAYS + 1, "failed");
    const pending = await aged(db, unique("wag"), OUTBOX_KEEP_DAYS + 1, "pending");
    await sweepEmailOutbox(db, { smtpUrl: smtp.url });
    expect(await outboxRow(db, failed)).toMatchObject({
      status: "failed",
      subject: "Ou",
      textBody: "",
      htmlBody: null,
    });
    expect(await outboxRow(db, pending)).toMatchObject({ textBody: "token=abc" });
  });
});
