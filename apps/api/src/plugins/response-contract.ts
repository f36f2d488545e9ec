/**
 * Holds every JSON answer to what the OpenAPI document declares for its route and status, checked with
 * ajv as a client generated from the document would read it. The zod serializer already shapes each
 * answer; this catches the document saying something else (a null where the schema has none, a status
 * not declared at all), which only a client notices.
 *
 * RESPONSE_CONTRACT=enforce (the API and browser test suites): a violation answers 500
 * `contract_violation` saying what was wrong, so the test that made the call fails there.
 * RESPONSE_CONTRACT=log: the answer goes out as it was and the violation is logged. Off by default:
 * production pays nothing for it.
 */
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

type Responses = Record<string, { content?: Record<string, { schema?: object }> }>;
type OpenApiPaths = Record<string, Record<string, { responses?: Responses }>>;

interface ContractViolation {
  method: string;
  route: string;
  status: number;
  problems: string[];
}

/** The declared response for a status: exact, then the class (4XX), then default. */
function declared(responses: Responses | undefined, status: number) {
  if (!responses) return undefined;
  return responses[String(status)] ?? responses[`${Math.floor(status / 100)}XX`] ?? responses.default;
}

function createChecker(paths: OpenApiPaths) {
  // OpenAPI 3.0: `nullable`, `example` and the like are not JSON Schema keywords; ajv reads `nullable`.
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const compiled = new Map<string, ValidateFunction | null>();

  return (method: string, route: string, status: number, body: unknown): string[] => {
    // Fastify's /:id is OpenAPI's /{id}.
    const path = route.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
    const operation = paths[path]?.[method.toLowerCase()];
    if (!operation) return [];
    const response = declared(operation.responses, status);
    if (!response) return [`status ${status} is not declared`];
    const key = `${method} ${path} ${status}`;
    let validate = compiled.get(key);
    if (validate === undefined) {
      const schema = response.content?.["application/json"]?.schema;
      validate = schema ? ajv.compile(schema) : null;
      compiled.set(key, validate);
    }
    if (!validate || validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || "(body)"} ${e.message ?? "is invalid"}`);
  };
}

export function registerResponseContract(app: FastifyInstance, mode: "enforce" | "log") {
  let check: ReturnType<typeof createChecker> | undefined;

  app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const route = request.routeOptions.url;
    const type = String(reply.getHeader("content-type") ?? "");
    if (!route?.startsWith("/api") || !type.startsWith("application/json") || typeof payload !== "string")
      return payload;
    check ??= createChecker((app.swagger() as { paths?: OpenApiPaths }).paths ?? {});
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      body = payload;
    }
    const problems = check(request.method, route, reply.statusCode, body);
    if (problems.length === 0) return payload;

    const violation: ContractViolation = {
      method: request.method,
      route,
      status: reply.statusCode,
      problems,
    };
    request.log.error({ contractViolation: violation }, "response does not match the OpenAPI document");
    if (mode === "log") return payload;
    reply.code(500);
    return JSON.stringify({
      error: {
        code: "contract_violation",
        message: `${request.method} ${route} answered ${violation.status} in a shape the OpenAPI document does not declare`,
        details: problems.map((message) => ({ path: "response", message })),
      },
    });
  });
}
