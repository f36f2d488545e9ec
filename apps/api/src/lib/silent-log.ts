import type { FastifyBaseLogger } from "fastify";

const noop = () => {};

/** A logger that says nothing: for work done outside a server (the demo seed), where nothing listens. */
export const silentLog: FastifyBaseLogger = {
  level: "silent",
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  silent: noop,
  child: () => silentLog,
} as FastifyBaseLogger;
