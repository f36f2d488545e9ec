import { AsyncLocalStorage } from "node:async_hooks";
import { trace } from "@opentelemetry/api";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";

/**
 * The request being served, wherever its work runs: services log through the app's logger (ctx.log),
 * which knows nothing of the request, so the log mixin (plugins/logging.ts) asks here for its id.
 */
interface RequestContext {
  reqId: string;
  /** Fastify's request logger, whose lines carry the reqId already. */
  log: FastifyBaseLogger;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The request whose work is running now, if any (a scheduled job runs outside every request). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

export function registerRequestContext(app: FastifyInstance) {
  app.addHook("onRequest", (request, _reply, done) => {
    // The tracing HTTP span is named by the route pattern, never the raw URL (ids, calendar tokens);
    // with tracing off there is no active span and this costs one lookup.
    const route = request.routeOptions.url;
    const span = trace.getActiveSpan();
    if (span && route) {
      span.updateName(`${request.method} ${route}`);
      span.setAttribute("http.route", route);
    }
    // run() rather than enterWith(): everything after this hook (later hooks, body parsing, the handler,
    // the reply) continues inside the store, and nothing outside the request sees it.
    storage.run({ reqId: request.id, log: request.log }, done);
  });
}
