import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/** OWASP's scrypt parameters: N=2^17, r=8, p=1 (needs ~128 MiB, so maxmem is raised). */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

type ScryptParams = { N: number; r: number; p: number };

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/**
 * Hashes as `scrypt$N$r$p$salt$key`. The parameters travel with the hash, so they can be
 * raised later; tests may pass cheaper ones to keep fixtures fast.
 */
export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
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
