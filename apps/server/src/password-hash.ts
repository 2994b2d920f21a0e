import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/**
 * OWASP's first choice for passwords: Argon2id with 19 MiB of memory, 2 passes and one lane
 * (docs/decisions/0029-argon2id-passwords.md). About 30 ms of one core, so a break-time rush
 * of sign-ins fits on the canteen's machine.
 */
export const ARGON2_PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export type Argon2Params = { memoryCost: number; timeCost: number; parallelism: number };

/** The same password is the same password however the phone's keyboard composed it. */
const normalized = (password: string) => password.normalize("NFKC");

/**
 * Hashes as Argon2id's standard string (`$argon2id$v=19$m=…,t=…,p=…$salt$key`). The parameters
 * travel with the hash, so they can be raised later; tests may pass cheaper ones.
 */
export function hashPassword(password: string, params: Argon2Params = ARGON2_PARAMS): Promise<string> {
  return hash(normalized(password), params);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith("$argon2id$")) return verify(stored, normalized(password)).catch(() => false);
  if (stored.startsWith("scrypt$")) return verifyScrypt(password, stored);
  return false;
}

/** A hash made before Argon2id (scrypt): replaced at the next right sign-in. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith("$argon2id$");
}

/** Hashes of the first releases: `scrypt$N$r$p$salt$key`. */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, key] = stored.split("$");
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!salt || !key || !Object.values(params).every(Number.isSafeInteger)) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await new Promise<Buffer | null>((resolve) => {
    scrypt(
      normalized(password),
      Buffer.from(salt, "base64"),
      expected.length,
      { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 },
      (error, derived) => resolve(error ? null : derived),
    );
  });
  return actual !== null && actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash of a random password at the full parameters: an unknown email is checked
 * against it, so it costs the same time as a wrong password.
 */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  if (!dummyHash) {
    const hashing = hashPassword(randomBytes(16).toString("hex"));
    // A failure is not remembered: the next call tries again.
    hashing.catch(() => {
      if (dummyHash === hashing) dummyHash = null;
    });
    dummyHash = hashing;
  }
  return dummyHash;
}
