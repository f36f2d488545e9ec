/**
 * OpenTelemetry tracing: a span per HTTP request (named by its route, by plugins/request-context.ts)
 * and a child span per PostgreSQL query, exported over OTLP/HTTP. Off unless OTEL_EXPORTER_OTLP_ENDPOINT
 * is set; then nothing of OpenTelemetry's SDK is even loaded (every import below is dynamic).
 *
 * The standard OTEL_* variables are read here and by the SDK itself rather than by env.ts: they are the
 * SDK's own (OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER, OTEL_RESOURCE_ATTRIBUTES … all work).
 *
 * Instrumentation patches `http` and `pg` as they are loaded, so startTracing() must finish before
 * anything imports them: server.ts awaits it first and imports the rest of the app afterwards.
 * The embedded PGlite is not `pg`: its queries get no spans.
 */
export interface Tracing {
  /** Sends the spans still buffered; the process is about to exit. */
  shutdown(): Promise<void>;
}

export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<Tracing | null> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_SDK_DISABLED === "true") return null;
  const protocol =
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? "http/protobuf";
  if (protocol !== "http/protobuf" && protocol !== "http/json") {
    throw new Error(
      `OTEL_EXPORTER_OTLP_PROTOCOL=${protocol} is not supported: use http/protobuf or http/json`,
    );
  }

  // `pg` and `http` are CommonJS, patched by a require hook; on Node 20.20 that hook sees `pg` imported
  // from ESM too (db/client.ts, drizzle's driver), but that is the runtime's choice, not a promise: the
  // ESM loader hook makes it certain, and wraps only the modules the instrumentations name.
  const { register } = await import("node:module");
  const { createAddHookMessageChannel } = await import("import-in-the-middle");
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register("import-in-the-middle/hook.mjs", import.meta.url, registerOptions);

  const [
    { NodeTracerProvider },
    { BatchSpanProcessor },
    { defaultResource, detectResources, envDetector, resourceFromAttributes },
    { registerInstrumentations },
    { HttpInstrumentation },
    { PgInstrumentation },
    { OTLPTraceExporter },
    { redactUrl },
  ] = await Promise.all([
    import("@opentelemetry/sdk-trace-node"),
    import("@opentelemetry/sdk-trace-base"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/instrumentation"),
    import("@opentelemetry/instrumentation-http"),
    import("@opentelemetry/instrumentation-pg"),
    protocol === "http/json"
      ? import("@opentelemetry/exporter-trace-otlp-http")
      : import("@opentelemetry/exporter-trace-otlp-proto"),
    import("./plugins/logging.ts"),
  ]);

  const provider = new NodeTracerProvider({
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the env detector) win over the default name.
    resource: defaultResource()
      .merge(resourceFromAttributes({ "service.name": "kerb-api" }))
      .merge(detectResources({ detectors: [envDetector] })),
    // The exporter reads the endpoint, headers, timeout and compression from OTEL_EXPORTER_OTLP_*.
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // The load balancer's probes, every second or two per replica, would be most of the traces;
        // the metrics count them already.
        ignoreIncomingRequestHook: (request) => request.url === "/api/health",
        // The URL as the logs show it: query values can be personal (?search=an email), and a calendar
        // feed's or a guardian invitation's path is its secret token.
        startIncomingSpanHook: (request) => {
          const [path, query] = redactUrl(request.url ?? "").split(/\?(.*)/s, 2);
          return { "url.path": path, ...(query ? { "url.query": query } : {}) };
        },
      }),
      // Only queries made while something is traced (a request): the scheduled jobs' polling would
      // otherwise send a one-span trace every few seconds. Parameter values are never recorded
      // (enhancedDatabaseReporting stays off): they can be a person's data.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  await waitForAllMessagesAcknowledged();

  return {
    async shutdown() {
      await provider.shutdown();
    },
  };
}
