import net from "node:net";
import path from "node:path";
import { type IsoDate, todayIn } from "@kantien/domain/dates";
import { z } from "zod";

const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** proxy-addr's names for private ranges, as Fastify's `trustProxy` accepts them. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** true/false, or a comma list of IP addresses, CIDR ranges (`10.0.0.0/8`) and named ranges. */
function isTrustProxy(value: string): boolean {
  if (/^(true|false|yes|no|1|0)$/.test(value)) return true;
  return value.split(",").every((part) => NAMED_RANGES.has(part.trim()) || isAddressOrRange(part.trim()));
}

/** An IP address, or a CIDR range whose prefix fits its address (`10.0.0.0/8`). */
function isAddressOrRange(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** A host name, an IP address, or a CIDR range (PayFast's sources). */
function isSource(value: string): boolean {
  return isAddressOrRange(value) || /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(value);
}

/** Every setting (README.md "Settings"), read from the environment and checked at start. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  SEED_DEMO: booleanString.optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  CANTEEN_TIMEZONE: z
    .string()
    .refine(isTimeZone, "is not a known IANA time zone")
    .default("Africa/Johannesburg"),
  CANTEEN_NAME: z.string().trim().min(1).max(60).default("Kantien"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z
    .string()
    .trim()
    .refine(isTrustProxy, "must be true, false, or a comma list of proxy addresses or CIDR ranges")
    .transform((v): boolean | string => {
      if (v === "true" || v === "yes" || v === "1") return true;
      if (v === "false" || v === "no" || v === "0") return false;
      return v
        .split(",")
        .map((a) => a.trim())
        .join(",");
    })
    .default(false),
  METRICS_TOKEN: z.string().trim().min(16, "must be at least 16 characters").optional(),
  SECRETS_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9+/]{43}=$/, "must be 32 random bytes in base64 (openssl rand -base64 32)")
    .optional(),
  PAYMENTS_SIMULATOR: booleanString.optional(),
  PAYFAST_URL: z.url().optional(),
  YOCO_API_URL: z.url().optional(),
  PAYFAST_SOURCES: z
    .string()
    .trim()
    .refine(
      (value) => value.split(",").every((part) => isSource(part.trim())),
      "must be a comma list of host names, IP addresses and CIDR ranges",
    )
    .optional(),
});

/**
 * Where PayFast's notifications come from (its documentation's hosts and published ranges):
 * PAYFAST_SOURCES replaces the list, for a proxy that posts them on.
 */
export const PAYFAST_SOURCES_DEFAULT = [
  "www.payfast.co.za",
  "sandbox.payfast.co.za",
  "w1w.payfast.co.za",
  "w2w.payfast.co.za",
];

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** undefined: decide at start (true on an empty PGlite, false with DATABASE_URL). */
  seedDemo: boolean | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  timeZone: string;
  canteenName: string;
  logLevel: string;
  /**
   * Fastify's `trustProxy`: false (the peer is the client), true (trust every
   * X-Forwarded-For hop) or a comma list of the proxies' addresses and CIDR ranges.
   */
  trustProxy: boolean | string;
  /** Lets a scraper elsewhere read `GET /metrics` with `Authorization: Bearer <token>`; loopback needs none. */
  metricsToken: string | undefined;
  /**
   * Seals the payment providers' keys in the database (base64 of 32 bytes); without it, a key
   * made once in DATA_DIR/secrets.key. Several servers on one database need the same one.
   */
  secretsKey: string | undefined;
  /** Online payments (docs/decisions/0074). */
  payments: {
    /** The local simulator may be chosen; undefined: where the demo's accounts are (serve.ts). */
    simulator: boolean | undefined;
    /** PayFast's site (process, validate, query), else its live or sandbox one. */
    payfastUrl: string | undefined;
    /** Yoco's API, else https://payments.yoco.com. */
    yocoApiUrl: string;
    /** Host names, addresses and ranges PayFast's notifications may come from. */
    payfastSources: string[];
  };
  /** Sessions expire after this long without a request. */
  sessionIdleMinutes: number;
  /** Sessions end this long after sign-in however busy they are. */
  sessionMaxDays: number;
  /** Sign-in limit: failed attempts per account and per address within the window. */
  loginLimit: { perAccount: number; perAddress: number; windowMinutes: number };
  /** Sign-up limit: sign-ups per address within the window (each costs a hash and a mail). */
  signupLimit: { perAddress: number; windowMinutes: number };
  /** Reset-link requests per account and per address within the window: a few mails an hour to one inbox, no more. */
  passwordResetLimit: { perAccount: number; perAddress: number; windowMinutes: number };
  /** How often an open event stream sends a heartbeat and re-checks its session. */
  eventsHeartbeatMs: number;
  /**
   * The one "now" of every rule about the canteen's day and time: cut-offs, today, the days
   * that can be ordered, sessions, the kitchen's minutes (docs/decisions/0027-one-clock.md).
   * loadConfig gives the machine's clock and no setting changes it; tests build the app
   * with a clock of their own.
   */
  clock: () => Date;
};

/** One reading of the config's clock: the moment and its date in the canteen. */
export function canteenNow(config: Pick<Config, "timeZone" | "clock">): { now: Date; today: IsoDate } {
  const now = config.clock();
  return { now, today: todayIn(config.timeZone, now) };
}

/** Today in the canteen's time zone, by the config's clock. */
export function canteenToday(config: Pick<Config, "timeZone" | "clock">): IsoDate {
  return todayIn(config.timeZone, config.clock());
}

export class ConfigError extends Error {}

/** Turns the environment into a typed config, or throws a ConfigError naming each bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const key = String(i.path[0]);
      return `  ${key}=${JSON.stringify(env[key] ?? "")}: ${i.message}`;
    });
    throw new ConfigError(`Invalid settings:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    smtpUrl: e.SMTP_URL,
    timeZone: e.CANTEEN_TIMEZONE,
    canteenName: e.CANTEEN_NAME,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    secretsKey: e.SECRETS_KEY,
    payments: {
      simulator: e.PAYMENTS_SIMULATOR,
      payfastUrl: e.PAYFAST_URL?.replace(/\/$/, ""),
      yocoApiUrl: (e.YOCO_API_URL ?? "https://payments.yoco.com").replace(/\/$/, ""),
      payfastSources: e.PAYFAST_SOURCES
        ? e.PAYFAST_SOURCES.split(",").map((part) => part.trim())
        : PAYFAST_SOURCES_DEFAULT,
    },
    sessionIdleMinutes: 8 * 60,
    sessionMaxDays: 7,
    // Per address: a whole school reaches the server from one address (decision 0056).
    loginLimit: { perAccount: 5, perAddress: 100, windowMinutes: 15 },
    signupLimit: { perAddress: 100, windowMinutes: 60 },
    passwordResetLimit: { perAccount: 3, perAddress: 50, windowMinutes: 60 },
    eventsHeartbeatMs: 25_000,
    clock: () => new Date(),
  };
}
