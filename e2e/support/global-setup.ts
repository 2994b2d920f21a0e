import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { E2E_BASE_URL, E2E_PORT, E2E_SMTP_PORT } from "./env";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Starts a real SMTP receiver (mail is not ours to mock at the network edge, so we catch
 * it like a mailbox would) and the real server on a fresh PGlite with the demo data.
 * Returns the teardown.
 */
export default async function globalSetup() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "kantien-e2e-"));
  const mailbox = path.join(work, "mailbox");
  fs.mkdirSync(mailbox);
  process.env.KANTIEN_E2E_MAILBOX = mailbox;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = session.envelope.rcptTo.map((r) => r.address);
          const file = path.join(mailbox, `${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
          fs.writeFileSync(file, JSON.stringify({ to, subject: mail.subject, text: mail.text }));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(E2E_SMTP_PORT, "127.0.0.1", resolve));

  const server = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/server/src/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(work, "data"),
      SEED_DEMO: "true",
      PUBLIC_URL: E2E_BASE_URL,
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHealth(server);

  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    fs.rmSync(work, { recursive: true, force: true });
  };
}

async function waitForHealth(server: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${E2E_BASE_URL}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not become healthy within 60 s");
}
