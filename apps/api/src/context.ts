import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import type { Database, DatabaseHandle } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { PdfRenderer } from "./lib/pdf/render-pool.ts";
import type { PaymentProvider } from "./platform/card-provider/payment-provider.ts";
import type { Transact } from "./platform/unit-of-work-effects.ts";
import type { AuthConfig, Guard } from "./plugins/auth.ts";
import type { DocumentLimit } from "./plugins/document-limit.ts";

/** What every module plugin is given: no module reaches for globals. */
export interface AppContext {
  env: Env;
  db: Database;
  database: DatabaseHandle;
  auth: AuthConfig;
  guard: Guard;
  now: () => Date;
  /**
   * Runs a use case in one transaction whose journals, audit entries, emails and card refunds go
   * through its unit of work, and delivers the refunds and emails after commit (unit-of-work.ts).
   */
  transact: Transact;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
  /** Shared counters across replicas (REDIS_URL); null in the single-process default. */
  redis: Redis | null;
  /** Set on SIGTERM: health answers 503 so the load balancer stops routing here before the close. */
  lifecycle: { draining: boolean };
  /** Renders PDFs in worker threads, off the event loop (lib/pdf/render-pool.ts). */
  pdf: PdfRenderer;
  /** The document routes' preHandler: a few PDFs a minute per user (plugins/document-limit.ts). */
  documentLimit: DocumentLimit;
}
