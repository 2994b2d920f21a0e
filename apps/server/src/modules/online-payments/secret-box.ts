import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../../config";

/**
 * Seals the payment providers' keys before they reach the database, AES-256-GCM (decision 0074):
 * a backup, a dump or a log of the table holds them unreadable. The key is SECRETS_KEY, or one
 * made once in DATA_DIR/secrets.key (mode 0600), which no backup copies. A sealed value another
 * key cannot open (a backup restored elsewhere) reads as not set: the admin enters it again.
 */
export type SecretBox = { seal(plain: string): string; open(sealed: string | null): string | null };

const PREFIX = "v1.";

export function secretBox(config: Pick<Config, "secretsKey" | "dataDir">): SecretBox {
  let key: Buffer | undefined;
  const keyBytes = () => {
    key ??= config.secretsKey ? Buffer.from(config.secretsKey, "base64") : keyFromDataDir(config.dataDir);
    return key;
  };
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", keyBytes(), iv);
      const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `${PREFIX}${[iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64")).join(".")}`;
    },
    open(sealed) {
      if (sealed === null || !sealed.startsWith(PREFIX)) return null;
      const [iv, tag, body] = sealed
        .slice(PREFIX.length)
        .split(".")
        .map((part) => Buffer.from(part, "base64"));
      if (!iv || !tag || !body) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", keyBytes(), iv);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}

function keyFromDataDir(dataDir: string): Buffer {
  const file = path.join(dataDir, "secrets.key");
  try {
    return Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const made = randomBytes(32);
  try {
    // "wx": two processes making it at once keep the first one's.
    fs.writeFileSync(file, `${made.toString("base64")}\n`, { mode: 0o600, flag: "wx" });
    return made;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64");
  }
}
