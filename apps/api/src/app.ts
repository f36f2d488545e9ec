import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "./context.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { type Env, publicOrigin } from "./env.ts";
import { findPath } from "./lib/find-path.ts";
import { createPdfRenderer } from "./lib/pdf/render-pool.ts";
import { createRedisClient, redisReady } from "./lib/redis.ts";
import { accountAdminRoutes } from "./modules/accounts/accounts.admin.routes.ts";
import { accountRoutes } from "./modules/accounts/accounts.routes.ts";
import { privacyRoutes } from "./modules/accounts/privacy.routes.ts";
import { instructorAccountRoutes, studentAccountRoutes } from "./modules/accounts/profiles.routes.ts";
import { auditAdminRoutes } from "./modules/audit/audit.admin.routes.ts";
import { findSessionState } from "./modules/auth/auth.repository.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { availabilityRoutes } from "./modules/availability/availability.routes.ts";
import { instructorCalendarRoutes } from "./modules/calendar/calendar.instructor.routes.ts";
import { calendarRoutes } from "./modules/calendar/calendar.routes.ts";
import { bundlePurchaseRoutes } from "./modules/checkout/bundle-purchase.routes.ts";
import { checkoutRoutes, checkoutWebhookRoutes } from "./modules/checkout/checkout.routes.ts";
import { guardianCheckoutRoutes } from "./modules/checkout/guardian-checkout.routes.ts";
import { lessonCheckoutRoutes } from "./modules/checkout/lesson-checkout.routes.ts";
import { testPackCheckoutRoutes } from "./modules/checkout/test-pack-checkout.routes.ts";
import { testPackCreditRoutes } from "./modules/checkout/test-pack-credit.routes.ts";
import { weeklySeriesCheckoutRoutes } from "./modules/checkout/weekly-series.routes.ts";
import { complianceAdminRoutes } from "./modules/compliance/compliance.admin.routes.ts";
import { startComplianceScan } from "./modules/compliance/compliance-scan.ts";
import { creditRoutes } from "./modules/credits/credits.routes.ts";
import {
  guardianInvitationRoutes,
  guardianRoutes,
  studentGuardianRoutes,
} from "./modules/guardians/guardians.routes.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { jobsAdminRoutes } from "./modules/health/jobs.admin.routes.ts";
import { createMetrics, recordRequestMetrics } from "./modules/health/metrics.ts";
import { instructorRoutes } from "./modules/instructors/instructors.routes.ts";
import { instructorLearningRoutes, studentLearningRoutes } from "./modules/learning/learning.routes.ts";
import { basRoutes } from "./modules/ledger/bas.routes.ts";
import { ledgerRoutes } from "./modules/ledger/ledger.routes.ts";
import { startHoldSweep } from "./modules/lessons/hold-sweep.ts";
import { adminLessonRoutes } from "./modules/lessons/lessons.admin.routes.ts";
import { instructorLessonRoutes } from "./modules/lessons/lessons.instructor.routes.ts";
import { studentLessonRoutes } from "./modules/lessons/lessons.routes.ts";
import { studentMoveProposalRoutes } from "./modules/lessons/move-proposals.routes.ts";
import { studentTestPackMoveRoutes } from "./modules/lessons/test-pack-moves.routes.ts";
import { studentSeriesLessonRoutes } from "./modules/lessons/weekly-series.routes.ts";
import { adminMessageRoutes } from "./modules/messages/messages.admin.routes.ts";
import { messageRoutes } from "./modules/messages/messages.routes.ts";
import { notificationRoutes } from "./modules/notifications/notifications.routes.ts";
import { startOutbox } from "./modules/notifications/outbox-delivery.ts";
import { invoiceRoutes } from "./modules/payments/invoices.routes.ts";
import { paymentAdminRoutes } from "./modules/payments/payments.admin.routes.ts";
import { paymentRoutes } from "./modules/payments/payments.routes.ts";
import { startPayoutRun } from "./modules/payouts/payout-job.ts";
import { adminPayoutRoutes, instructorPayoutRoutes } from "./modules/payouts/payouts.routes.ts";
import { bookAgainRoutes } from "./modules/portal/book-again.routes.ts";
import { guardianOverviewRoutes } from "./modules/portal/guardian-overview.routes.ts";
import { instructorDashboardRoutes } from "./modules/portal/instructor-dashboard.routes.ts";
import { studentProfileRoutes } from "./modules/portal/student-profile.routes.ts";
import { guardianReceiptRoutes, receiptRoutes } from "./modules/receipts/receipts.routes.ts";
import { startRefundWorker } from "./modules/refunds/refund-worker.ts";
import { refundRoutes } from "./modules/refunds/refunds.routes.ts";
import {
  adminReviewRoutes,
  publicReviewRoutes,
  studentReviewRoutes,
} from "./modules/reviews/reviews.routes.ts";
import { guardianSavedCardRoutes, studentSavedCardRoutes } from "./modules/saved-cards/saved-cards.routes.ts";
import { scheduleRoutes } from "./modules/schedule/schedule.routes.ts";
import { adminPassPromiseRoutes } from "./modules/test-pack-outcomes/pass-promise.admin.routes.ts";
import {
  instructorTestOutcomeRoutes,
  studentPassPromiseRoutes,
} from "./modules/test-pack-outcomes/test-pack-outcomes.routes.ts";
import {
  instructorTestPackageRoutes,
  publicTestPackageRoutes,
} from "./modules/test-packages/test-packages.routes.ts";
import { startTimeAlertScan } from "./modules/time-alerts/index.ts";
import { studentTimeAlertRoutes } from "./modules/time-alerts/time-alerts.routes.ts";
import { demoProvider, type PaymentProvider } from "./platform/card-provider/payment-provider.ts";
import { createStripeClient, createStripeProvider } from "./platform/card-provider/stripe-provider.ts";
import { type AuthConfig, createGuard, registerNoStoreForPrivateResponses } from "./plugins/auth.ts";
import { createDocumentLimit } from "./plugins/document-limit.ts";
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from "./plugins/errors.ts";
import { registerJsonBodyParser } from "./plugins/json-body.ts";
import { loggerOptions } from "./plugins/logging.ts";
import { registerOpenApi } from "./plugins/openapi.ts";
import { registerRequestContext } from "./plugins/request-context.ts";
import { registerResponseContract } from "./plugins/response-contract.ts";
import { registerStaticWeb } from "./plugins/static-web.ts";
import { runNotificationScan } from "./scheduled-emails.ts";
import { createTransact } from "./unit-of-work.ts";

export interface BuildAppOptions {
  env: Env;
  database: DatabaseHandle;
  /** Injected clock: tests move time instead of waiting for it. */
  now?: () => Date;
  /** Replaces the provider chosen by PAYMENT_PROVIDER (tests point Stripe at a local fake this way). */
  paymentProvider?: PaymentProvider;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them back). */
  logStream?: { write(line: string): void };
  /** Shared with server.ts, which marks the app draining on SIGTERM before closing it. */
  lifecycle?: { draining: boolean };
}

function jwtSecret(env: Env): Uint8Array {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  // Kept beside the embedded data so sessions survive a restart without any configuration.
  const file = join(env.DATA_DIR, ".jwt-secret");
  if (!existsSync(file)) {
    mkdirSync(env.DATA_DIR, { recursive: true });
    writeFileSync(file, randomBytes(48).toString("base64url"), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, "utf8").trim());
}

function paymentProviderFromEnv(env: Env): PaymentProvider {
  if (env.PAYMENT_PROVIDER !== "stripe" || !env.STRIPE_SECRET_KEY) return demoProvider;
  return createStripeProvider(
    createStripeClient({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE }),
  );
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  // Fastify takes a hop count as a function in its types (its runtime accepts the number too).
  const hops = env.TRUST_PROXY;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(env.LOG_LEVEL, options.logStream),
    bodyLimit: env.BODY_LIMIT_BYTES,
    // Fastify leaves Node's request timeout off; without it a slow body holds a connection for ever.
    requestTimeout: env.REQUEST_TIMEOUT_SECONDS * 1000,
    http: {
      headersTimeout: env.REQUEST_TIMEOUT_SECONDS * 1000,
      // Node checks the timeouts on this interval (30 s by default): a second keeps the bound honest.
      connectionsCheckingInterval: 1000,
    },
    // Decides request.ip, which the rate limits and the login throttle key on.
    trustProxy: typeof hops === "number" ? (_address: string, hop: number) => hop < hops : hops,
    // A long path parameter reaches its route and is refused there in the API's words (a 400 from
    // the params schema): the router's own 414 answered in Fastify's shape and echoed the whole URL,
    // before authentication. Past 16 KB the headers limit answers 431 first.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16_384 },
    // Node's own answer to an over-long URL is a bare 431: this one has the API's error body.
    clientErrorHandler,
    // The router's own answer to a broken %-escape in the path, in the API's error body.
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  // First of the hooks: whatever the later ones log (auth, rate limits) names the request.
  registerRequestContext(app);
  // Registered first, so every answer is timed, refusals by later hooks (auth, rate limits) included.
  const metrics = createMetrics({ database, now: options.now ?? (() => new Date()) });
  recordRequestMetrics(app, metrics);
  app.decorate("metrics", metrics);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerNoStoreForPrivateResponses(app);
  // The API speaks JSON only: other bodies get 415 instead of reaching the validators as strings.
  app.removeContentTypeParser("text/plain");
  registerJsonBodyParser(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        "img-src": ["'self'", "data:"],
        // Stripe Checkout is a full-page redirect, so nothing else needs allowing here.
        "script-src": ["'self'"],
      },
    },
  });
  if (env.NODE_ENV === "production" && !env.PUBLIC_URL) {
    // Every link Kerb sends (emails, card provider returns) would point at this machine's localhost.
    app.log.warn(
      `PUBLIC_URL is not set: links in emails and payment return addresses say ${publicOrigin(env)}`,
    );
  }
  // Several replicas count in Redis, or a client would get RATE_LIMIT_MAX from each of them.
  const redis = env.REDIS_URL ? createRedisClient(env.REDIS_URL) : null;
  if (redis) {
    app.addHook("onClose", async () => void (await redis.quit().catch(() => redis.disconnect())));
    if (!(await redisReady(redis))) {
      app.log.warn(
        "Redis is not reachable yet: rate limits fail open and sign-in uses this replica's own count",
      );
    }
  }
  // Only the sign-in routes read a cookie (the trusted device); every other call carries a bearer token.
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: true,
    max: env.RATE_LIMIT_MAX,
    timeWindow: "1 minute",
    // Static files of the SPA are not API load.
    allowList: (request) => !request.url.startsWith("/api"),
    ...(redis
      ? {
          redis,
          nameSpace: `${env.REDIS_KEY_PREFIX}rate:`,
          // Redis down: the requests go through (fail open) rather than every one of them failing.
          skipOnError: true,
        }
      : {}),
  });
  await registerOpenApi(app);
  if (env.RESPONSE_CONTRACT !== "off") registerResponseContract(app, env.RESPONSE_CONTRACT);

  const authConfig: AuthConfig = {
    secret: jwtSecret(env),
    issuer: env.JWT_ISSUER,
    audience: env.JWT_AUDIENCE,
    accessTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
  };
  const base = {
    env,
    db: database.db,
    now: options.now ?? (() => new Date()),
    payments: options.paymentProvider ?? paymentProviderFromEnv(env),
    log: app.log,
  };
  const context: AppContext = {
    ...base,
    database,
    auth: authConfig,
    guard: createGuard(authConfig, (userId) => findSessionState(database.db, userId)),
    transact: createTransact(base),
    redis,
    lifecycle: options.lifecycle ?? { draining: false },
    documentLimit: createDocumentLimit({
      max: env.DOCUMENT_RATE_LIMIT_MAX,
      redis,
      keyPrefix: env.REDIS_KEY_PREFIX,
    }),
    pdf: createPdfRenderer({
      threads: env.PDF_RENDER_THREADS,
      queueMax: env.PDF_RENDER_QUEUE_MAX,
      documentsPerUser: env.DOCUMENT_RATE_LIMIT_MAX,
    }),
  };
  app.addHook("onClose", () => context.pdf.close());

  await app.register(
    async (api) => {
      await api.register(healthRoutes, context);
      await api.register(authRoutes, { ...context, prefix: "/auth" });
      await api.register(accountRoutes, { ...context, prefix: "/auth" });
      await api.register(privacyRoutes, { ...context, prefix: "/me" });
      await api.register(studentProfileRoutes, { ...context, prefix: "/student" });
      await api.register(bookAgainRoutes, { ...context, prefix: "/student" });
      await api.register(studentAccountRoutes, { ...context, prefix: "/student" });
      await api.register(studentLearningRoutes, { ...context, prefix: "/student" });
      await api.register(availabilityRoutes, { ...context, prefix: "/student" });
      await api.register(lessonCheckoutRoutes, { ...context, prefix: "/student/bookings" });
      await api.register(testPackCheckoutRoutes, { ...context, prefix: "/student/test-packs" });
      await api.register(studentTestPackMoveRoutes, { ...context, prefix: "/student/test-packs" });
      await api.register(testPackCreditRoutes, { ...context, prefix: "/student/test-pack-credits" });
      await api.register(studentLessonRoutes, { ...context, prefix: "/student/bookings" });
      await api.register(weeklySeriesCheckoutRoutes, { ...context, prefix: "/student/weekly-series" });
      await api.register(studentSeriesLessonRoutes, { ...context, prefix: "/student/weekly-series" });
      await api.register(studentTimeAlertRoutes, { ...context, prefix: "/student" });
      await api.register(studentMoveProposalRoutes, { ...context, prefix: "/student/move-proposals" });
      await api.register(bundlePurchaseRoutes, { ...context, prefix: "/student/bundles" });
      await api.register(creditRoutes, { ...context, prefix: "/student/bundles" });
      await api.register(receiptRoutes, { ...context, prefix: "/student/payments" });
      await api.register(studentSavedCardRoutes, { ...context, prefix: "/student" });
      await api.register(invoiceRoutes, { ...context, prefix: "/student" });
      await api.register(paymentRoutes, { ...context, prefix: "/payment" });
      await api.register(checkoutRoutes, { ...context, prefix: "/payment" });
      await api.register(checkoutWebhookRoutes, { ...context, prefix: "/payment" });
      await api.register(studentGuardianRoutes, { ...context, prefix: "/student" });
      await api.register(guardianInvitationRoutes, { ...context, prefix: "/guardian" });
      await api.register(guardianRoutes, { ...context, prefix: "/guardian" });
      await api.register(guardianOverviewRoutes, { ...context, prefix: "/guardian" });
      await api.register(guardianCheckoutRoutes, { ...context, prefix: "/guardian" });
      await api.register(guardianReceiptRoutes, { ...context, prefix: "/guardian" });
      await api.register(guardianSavedCardRoutes, { ...context, prefix: "/guardian" });
      await api.register(instructorRoutes, { ...context, prefix: "/instructor" });
      await api.register(instructorDashboardRoutes, { ...context, prefix: "/instructor" });
      await api.register(scheduleRoutes, { ...context, prefix: "/instructor" });
      await api.register(instructorCalendarRoutes, { ...context, prefix: "/instructor" });
      await api.register(instructorLessonRoutes, { ...context, prefix: "/instructor" });
      await api.register(instructorAccountRoutes, { ...context, prefix: "/instructor" });
      await api.register(instructorLearningRoutes, { ...context, prefix: "/instructor" });
      await api.register(instructorTestPackageRoutes, { ...context, prefix: "/instructor" });
      await api.register(instructorTestOutcomeRoutes, { ...context, prefix: "/instructor" });
      await api.register(studentPassPromiseRoutes, { ...context, prefix: "/student/test-pack-claims" });
      await api.register(adminPassPromiseRoutes, { ...context, prefix: "/admin/test-pack-claims" });
      // The operator console: each domain's admin routes under /admin, ADMIN only.
      await api.register(accountAdminRoutes, { ...context, prefix: "/admin" });
      await api.register(complianceAdminRoutes, { ...context, prefix: "/admin" });
      await api.register(paymentAdminRoutes, { ...context, prefix: "/admin" });
      await api.register(auditAdminRoutes, { ...context, prefix: "/admin" });
      await api.register(adminLessonRoutes, { ...context, prefix: "/admin" });
      await api.register(refundRoutes, { ...context, prefix: "/admin/refunds" });
      await api.register(instructorPayoutRoutes, { ...context, prefix: "/instructor" });
      await api.register(adminPayoutRoutes, { ...context, prefix: "/admin/payouts" });
      await api.register(ledgerRoutes, { ...context, prefix: "/admin" });
      await api.register(basRoutes, { ...context, prefix: "/admin" });
      await api.register(notificationRoutes, { ...context, prefix: "/admin/outbox" });
      await api.register(jobsAdminRoutes, { ...context, prefix: "/admin/jobs" });
      await api.register(studentReviewRoutes, { ...context, prefix: "/student/bookings" });
      await api.register(publicReviewRoutes, { ...context, prefix: "/instructors" });
      await api.register(publicTestPackageRoutes, { ...context, prefix: "/instructors" });
      await api.register(adminReviewRoutes, { ...context, prefix: "/admin/reviews" });
      await api.register(calendarRoutes, { ...context, prefix: "/calendar" });
      // Learners and instructors on the same paths: the caller's side comes from their session.
      await api.register(messageRoutes, { ...context, prefix: "/messages" });
      await api.register(adminMessageRoutes, { ...context, prefix: "/admin" });
    },
    { prefix: "/api" },
  );

  if (env.HOLD_SWEEP_INTERVAL_SECONDS > 0) startHoldSweep(app, context, env.HOLD_SWEEP_INTERVAL_SECONDS);
  if (env.REFUND_RETRY_INTERVAL_SECONDS > 0) {
    startRefundWorker(app, context, env.REFUND_RETRY_INTERVAL_SECONDS);
  }
  if (env.COMPLIANCE_SCAN_INTERVAL_SECONDS > 0) {
    startComplianceScan(app, context, env.COMPLIANCE_SCAN_INTERVAL_SECONDS);
  }
  if (env.TIME_ALERT_SCAN_INTERVAL_SECONDS > 0) {
    startTimeAlertScan(app, context, env.TIME_ALERT_SCAN_INTERVAL_SECONDS);
  }
  if (env.PAYOUT_RUN_INTERVAL_SECONDS > 0) startPayoutRun(app, context, env.PAYOUT_RUN_INTERVAL_SECONDS);
  // Always wired (its ticks may be off): shutdown must let an email being sent finish first.
  startOutbox(app, context, runNotificationScan);

  const webDist =
    env.WEB_DIST_DIR ?? findPath(import.meta.url, ["../../web/dist/", "../../../apps/web/dist/"]);
  await registerStaticWeb(app, webDist);
  return app;
}
