import { isIP } from "node:net";
import { isAbsolute, resolve } from "node:path";
import { DEFAULT_SUPPLIER_NAME, DEMO_SUPPLIER_ABN, PAYMENT_PROVIDERS } from "@kerb/shared";
// The ATO's ABN checksum: a typo fails at startup instead of being printed on every tax invoice.
import { isValidAbn } from "@kerb/shared/rules";
import { z } from "zod";

// The only reader of process.env: every setting is parsed and documented here (README lists them).
const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

// proxy-addr's names for the private ranges, accepted beside addresses and CIDRs.
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * Fastify's `trustProxy`: `false` (default: the socket's address is the client's), `true` (trust every
 * hop: only behind a proxy that overwrites X-Forwarded-For), a hop count, or the proxies' addresses/CIDRs.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | number | string[] => {
    if (value === "" || value === "false") return false;
    if (value === "true") return true;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `expected false, true, a hop count or comma-separated addresses/CIDRs; not ${bad.join(", ")}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Longest time a client may take to send a whole request, headers and body: a stalled or trickled
   * request is answered 408 and its connection closed (checked every second).
   */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
  /**
   * Serves Prometheus metrics at /metrics on this port (same HOST), apart from the public port so the
   * load balancer never exposes them. Unset: no metrics listener.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Checks every JSON answer against the OpenAPI document (plugins/response-contract.ts): `enforce`
   * turns a mismatch into a 500 contract_violation (the test suites), `log` only logs it.
   */
  RESPONSE_CONTRACT: z.enum(["off", "log", "enforce"]).default("off"),
  /** Embedded PGlite data directory; ignored when DATABASE_URL is set. */
  DATA_DIR: z.string().default("./data"),
  /** postgres://… runs on a PostgreSQL server instead of the embedded database. */
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Longest wait for a PostgreSQL connection (a new one, or a free one from the pool) before the request
   * is answered 503: a database that is down or unreachable must not leave requests hanging.
   */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /**
   * Longest a single PostgreSQL query may take before the client gives up on it (0 = no limit). Every
   * query Kerb makes takes milliseconds; a hung server (a frozen host, a stuck failover) must turn into
   * a quick 503 the client can retry, not a request held for half a minute.
   */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
  /**
   * redis://host:port/db for state shared by several API replicas: rate limits and the login throttle.
   * Unset, both live in process memory (right for one process).
   */
  REDIS_URL: z.string().url().optional(),
  /** Prefix of every Redis key Kerb writes, so several deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).default("kerb:"),
  /**
   * Several API replicas share one database. Also implied by REDIS_URL. Requires DATABASE_URL (the
   * embedded database is single-process) and JWT_SECRET (a secret generated on one disk is unknown
   * to the other replicas).
   */
  CLUSTER_MODE: bool.default(false),
  /**
   * On SIGTERM, how long /api/health answers 503 "draining" while requests are still served, so the
   * load balancer stops routing here before the listener closes (rolling restarts). 0 closes at once.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(0),
  /** Unset: demo data is seeded into the embedded database only, never into DATABASE_URL's server. */
  SEED_DEMO_DATA: bool.optional(),
  /**
   * The availability cache (modules/availability/schedule-cache.ts). Off runs the reference engine,
   * four queries per request: for benchmarks that compare the two, and as a switch to fall back on.
   */
  AVAILABILITY_CACHE: bool.default(true),
  TRUST_PROXY: trustProxy.default(false),
  /** HS256 secret; when absent one is generated once and kept in DATA_DIR/.jwt-secret. */
  JWT_SECRET: z.string().min(32).optional(),
  JWT_ISSUER: z.string().default("kerb-api"),
  JWT_AUDIENCE: z.string().default("kerb-web"),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  /** Requests per minute per IP across the whole API. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1000),
  /** Document (PDF) downloads per minute per signed-in user: each one costs a worker thread ~0.5 s. */
  DOCUMENT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  /** Worker threads that render PDFs; unset: one fewer than the cores, at least one. */
  PDF_RENDER_THREADS: z.coerce.number().int().min(1).optional(),
  /**
   * PDFs that may wait for a rendering thread; more are refused with 503 and Retry-After. Unset: threads
   * × 8, at least 4 × DOCUMENT_RATE_LIMIT_MAX (40), so one user's burst meets the 429 before a 503. At least 1:
   * with none, piscina refuses a document for a moment after each one even when its thread is idle.
   */
  PDF_RENDER_QUEUE_MAX: z.coerce.number().int().min(1).optional(),
  /** Login and registration attempts per minute per IP. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  /** Failed logins one address may make for one account before it has to wait (1 s, 2 s, 4 s…). */
  LOGIN_FAILURES_BEFORE_DELAY: z.coerce.number().int().min(1).optional(),
  /** Longest wait a run of failed logins can earn. */
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).optional(),
  /**
   * Failed logins for one account from all untrusted addresses within 15 minutes after which every such
   * address waits 1 s, 2 s, 4 s… after each further failure: slows a distributed guess to about one try
   * per LOGIN_MAX_DELAY_SECONDS, while a browser that signed in to the account before is let through.
   */
  LOGIN_ACCOUNT_FAILURES_BEFORE_SLOWDOWN: z.coerce.number().int().min(1).default(50),
  /** Former names, still read: as LOGIN_FAILURES_BEFORE_DELAY, and as LOGIN_MAX_DELAY_SECONDS ÷ 60. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).optional(),
  LOGIN_LOCKOUT_MINUTES: z.coerce.number().int().min(1).optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  /** Most lessons a student may hold unpaid at once (stops slot hoarding). */
  MAX_HELD_LESSONS: z.coerce.number().int().min(1).default(30),
  HOLD_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  /** How often queued card refunds whose backoff has passed are retried (0 = off). */
  REFUND_RETRY_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(30),
  /** How often lapsed instructor documents and delisted instructors' lessons are looked for (0 = off). */
  COMPLIANCE_SCAN_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(900),
  /**
   * How often the weekly payout run is attempted (0 = off). A run pays the Sydney week that ended last
   * and is a no-op until another week has ended, so several processes may run it safely.
   */
  PAYOUT_RUN_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(3600),
  /** smtp://user:pass@host:port for outgoing email; unset, emails are written to the log instead. */
  SMTP_URL: z.string().url().optional(),
  /** The From of every email. */
  MAIL_FROM: z.string().trim().min(3).default("Kerb <no-reply@kerb.test>"),
  /** How often the email outbox is delivered (0 = off; emails are also sent right after commit). */
  OUTBOX_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(5),
  /** Attempts after which an email is marked FAILED for an operator to retry. */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(8),
  /** How often reminders, "mark your lesson" and document-expiry emails are looked for (0 = off). */
  NOTIFICATION_SCAN_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  /**
   * How often earlier-time alerts are compared with the open times when availability changed (0 = off).
   * Short, so a learner hears of a cancelled time within a minute (issue 34).
   */
  TIME_ALERT_SCAN_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(15),
  PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).default("demo"),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Points the Stripe SDK at another host (a local fake in tests): http://127.0.0.1:12111 */
  STRIPE_API_BASE: z.string().url().optional(),
  /**
   * Public origin of the web app, for every link the API builds to it (emails, the card provider's
   * return URLs); read through `publicOrigin`. Unset: this server on localhost.
   */
  PUBLIC_URL: z.string().url().optional(),
  /** Built web app to serve; defaults to apps/web/dist. */
  WEB_DIST_DIR: z.string().optional(),
  /** The business named on tax invoices. */
  SUPPLIER_NAME: z.string().trim().min(1).default(DEFAULT_SUPPLIER_NAME),
  /** Its ABN, printed on tax invoices; the default is a marked demonstration number, not a real ABN. */
  SUPPLIER_ABN: z
    .string()
    .trim()
    .refine(isValidAbn, "expected an 11-digit Australian Business Number, e.g. 51 824 753 556")
    .default(DEMO_SUPPLIER_ABN),
});

// The former login-lockout names keep working as the new settings they became.
const envWithAliases = envSchema.transform(({ LOGIN_MAX_FAILURES, LOGIN_LOCKOUT_MINUTES, ...env }) => ({
  ...env,
  LOGIN_FAILURES_BEFORE_DELAY: env.LOGIN_FAILURES_BEFORE_DELAY ?? LOGIN_MAX_FAILURES ?? 5,
  LOGIN_MAX_DELAY_SECONDS:
    env.LOGIN_MAX_DELAY_SECONDS ?? (LOGIN_LOCKOUT_MINUTES === undefined ? 900 : LOGIN_LOCKOUT_MINUTES * 60),
}));

export type Env = z.infer<typeof envWithAliases>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envWithAliases.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  // `npm start` runs inside apps/api; relative paths mean the folder the command was typed in
  // (npm's INIT_CWD), so the default ./data is the repository's data folder.
  const base = source.INIT_CWD ?? process.cwd();
  env.DATA_DIR = isAbsolute(env.DATA_DIR) ? env.DATA_DIR : resolve(base, env.DATA_DIR);
  if (env.WEB_DIST_DIR && !isAbsolute(env.WEB_DIST_DIR)) env.WEB_DIST_DIR = resolve(base, env.WEB_DIST_DIR);
  const clusterProblems = clusterModeProblems(env);
  if (clusterProblems.length > 0) {
    throw new Error(`Invalid configuration:\n${clusterProblems.map((p) => `  ${p}`).join("\n")}`);
  }
  if (env.PAYMENT_PROVIDER === "stripe" && !env.STRIPE_SECRET_KEY) {
    throw new Error("Invalid configuration:\n  STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe");
  }
  return env;
}

/**
 * The web app's origin, the base of every link the API builds to a page of it (emails, the card
 * provider's return URLs; the paths come from @kerb/shared/paths): PUBLIC_URL without a trailing slash,
 * or this server on localhost when none is configured (it serves the built web app).
 */
export function publicOrigin(env: Pick<Env, "PUBLIC_URL" | "PORT">): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}

/** Several replicas: CLUSTER_MODE=true, or REDIS_URL set (shared counters only matter with several). */
export function isClusterMode(env: Pick<Env, "CLUSTER_MODE" | "REDIS_URL">): boolean {
  return env.CLUSTER_MODE || env.REDIS_URL !== undefined;
}

function clusterModeProblems(env: Env): string[] {
  if (!isClusterMode(env)) return [];
  const why = env.CLUSTER_MODE ? "CLUSTER_MODE=true" : "REDIS_URL is set";
  const problems: string[] = [];
  if (!env.JWT_SECRET) {
    problems.push(
      `JWT_SECRET is required when several replicas run (${why}): every replica must sign and verify ` +
        "sessions with the same secret, at least 32 characters (e.g. `openssl rand -base64 48`)",
    );
  }
  if (!env.DATABASE_URL) {
    problems.push(
      `DATABASE_URL is required when several replicas run (${why}): the embedded database is single-process`,
    );
  }
  return problems;
}
