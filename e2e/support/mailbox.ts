import fs from "node:fs";
import path from "node:path";

type Mail = { to: string[]; subject: string; text: string };

/** Waits for a mail to `address` caught by the e2e SMTP receiver and returns the first one. */
export async function waitForMail(address: string, timeoutMs = 15_000): Promise<Mail> {
  const [first] = await waitForMails(address, 1, timeoutMs);
  return first as Mail;
}

/** Waits until `count` mails to `address` have arrived and returns them, oldest first. */
export async function waitForMails(address: string, count: number, timeoutMs = 15_000): Promise<Mail[]> {
  const mailbox = process.env.KANTIEN_E2E_MAILBOX;
  if (!mailbox) throw new Error("KANTIEN_E2E_MAILBOX is not set: run through the Playwright config");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = fs
      .readdirSync(mailbox)
      .sort()
      .map((file) => JSON.parse(fs.readFileSync(path.join(mailbox, file), "utf8")) as Mail)
      .filter((mail) => mail.to.includes(address.toLowerCase()));
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`fewer than ${count} mails to ${address} within ${timeoutMs} ms`);
}

export function linkIn(mail: Mail, pathName: string): string {
  const match = mail.text.match(new RegExp(`https?://\\S+${pathName}\\?token=[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`no ${pathName} link in: ${mail.text}`);
  return match[0];
}
