import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { bundleServer } from "../../scripts/build-server.mjs";
import { E2E_SMTP_PORT } from "./env";
import { E2E_SERVER_BUNDLE } from "./server";

/**
 * Starts a real SMTP receiver that every worker's server sends to (mail is not ours to mock
 * at the network edge, so we catch it like a mailbox would); tests find their mail by its
 * address. Each worker starts its own server (fixtures.ts), from the bundle built here. Returns
 * the teardown.
 */
export default async function globalSetup() {
  // Each worker's server runs from a bundle, as production does: no TypeScript compiled at start.
  await bundleServer("e2e/support/server-entry.ts", E2E_SERVER_BUNDLE);

  const mailbox = fs.mkdtempSync(path.join(os.tmpdir(), "kantien-e2e-mailbox-"));
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

  return async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    fs.rmSync(mailbox, { recursive: true, force: true });
  };
}
