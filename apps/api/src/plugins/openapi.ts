import { STATUS_CODES } from "node:http";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { errorResponses } from "@kerb/shared";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";

/**
 * Every tag a route may use, with what it groups. A route whose tag is missing here fails
 * openapi.integration.test.ts and `npm run lint:openapi`.
 */
export const OPENAPI_TAGS = [
  { name: "health", description: "Liveness and database reachability, for load balancers and monitors." },
  { name: "auth", description: "Sign-in, registration, session refresh and sign-out." },
  {
    name: "accounts",
    description: "Password reset and change, email change: a signed-in or recovering account.",
  },
  { name: "profiles", description: "A student's or instructor's own editable profile." },
  {
    name: "privacy",
    description: "The signed-in user's terms acceptances, data export and account closure request.",
  },
  { name: "student", description: "The signed-in student's own profile and payments." },
  {
    name: "availability",
    description: "What a student can book: instructors of a suburb, free days and slots.",
  },
  { name: "bookings", description: "A student's lessons: holding, paying, cancelling and rescheduling." },
  {
    name: "time-alerts",
    description: "Earlier-time alerts: a learner is emailed when a matching time frees up, and holds it.",
  },
  { name: "bundles", description: "Prepaid lesson bundles: buying one and choosing its instructor." },
  { name: "credits", description: "Spending a bundle's lesson credits." },
  { name: "payments", description: "Checkout state of a payment and letting an unpaid one go." },
  { name: "receipts", description: "Payment history and PDF tax invoices." },
  {
    name: "saved-cards",
    description:
      "A learner's or guardian's cards saved with the card provider, charged off-session at checkout.",
  },
  { name: "reviews", description: "Students' reviews of completed lessons, and instructors' ratings." },
  {
    name: "instructor",
    description: "The instructor portal: dashboard, hours, lessons, earnings, calendar feed.",
  },
  { name: "calendar", description: "Public iCalendar feeds, authorised by a secret token in the URL." },
  {
    name: "messages",
    description: "Messages between a learner and an instructor who have a lesson together.",
  },
  {
    name: "guardians",
    description: "A learner's parents or guardians: invitations, and what a guardian sees and pays for.",
  },
  { name: "notifications", description: "Email outbox: what was sent to whom, and retrying failures." },
  { name: "compliance", description: "Licence and Working-With-Children checks and their follow-up." },
  {
    name: "payouts",
    description: "Instructor payouts: the weekly run, statements (CSV, PDF), ABN/GST and Stripe onboarding.",
  },
  {
    name: "admin",
    description: "The operator console: users, instructors, bookings, money and the audit log.",
  },
  {
    name: "webhooks",
    description: "Calls from the payment provider, checked by signature instead of a session.",
  },
];

type OpenApiDocument = {
  paths?: Record<
    string,
    Record<
      string,
      { requestBody?: { required?: boolean }; responses?: Record<string, { description?: string }> }
    >
  >;
};

/** Methods whose requests carry a body: they can also be answered 413 (too large) and 415 (not JSON). */
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Every status any request may get, declared on every operation with the API's error body (a route's
 * own declaration of one wins): 429 (rate limits), 431 (URL and headers too large), 500, and 413/415
 * where a body can be sent. Declared, they are also held to that body when they are sent: the
 * serializer checks every declared response.
 */
function declareStatusesEveryRouteCanGive(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    const response = route.schema?.response as Record<string | number, unknown> | undefined;
    if (!route.schema || !response) return;
    const methods = [route.method].flat().map((m) => m.toUpperCase());
    const common = errorResponses(429, 431, 500);
    const body = methods.some((m) => BODY_METHODS.has(m)) ? errorResponses(413, 415) : {};
    route.schema.response = { ...common, ...body, ...response };
  });
}

/**
 * OpenAPI 3.0 reads `nullable: true` as "null is also a value" except where an `enum` lists the values:
 * there null must be listed too (3.0.3's clarification), or a validator refuses the null the API sends
 * (`cancelledBy: null` was refused so). The zod transform writes `.nullable()` enums without it.
 */
function listNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) listNullInNullableEnums(item);
    return;
  }
  if (!node || typeof node !== "object") return;
  const schema = node as { nullable?: boolean; enum?: unknown[] };
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...schema.enum, null];
  }
  for (const value of Object.values(node)) listNullInNullableEnums(value);
}

/** OpenAPI generated from the same zod schemas that validate the requests, browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  declareStatusesEveryRouteCanGive(app);
  // @fastify/swagger marks every request body required; a route whose body schema accepts null (what
  // Fastify validates when no body was sent) takes none at all, and the document should say so.
  const optionalBodies = new Set<string>();
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Kerb API",
        description:
          "Driving-lesson marketplace. Money in responses is AUD; times are ISO 8601 instants and Sydney " +
          "dates. Every error is `{error:{code,message,details?}}`: clients switch on `code`, `message` is " +
          "for people. Every operation lists every status it can give, including 429 (rate limited; see " +
          "Retry-After), 431 (URL and headers over 16 KB), 500, and 413 (body too large) and 415 (body not " +
          "JSON) where it takes a body.",
        version: "1.0.0",
        contact: { name: "Kerb engineering" },
      },
      // Relative: the API is served from the same origin as this document and the web app.
      servers: [{ url: "/", description: "The origin serving this document" }],
      tags: OPENAPI_TAGS,
      components: {
        securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
    transform(input) {
      const body = input.schema?.body;
      if (body instanceof z.ZodType && body.safeParse(null).success) {
        const path = input.url.replace(/:(\w+)/g, "{$1}");
        for (const method of [input.route.method].flat())
          optionalBodies.add(`${method.toLowerCase()} ${path}`);
      }
      return jsonSchemaTransform(input);
    },
    transformObject(documentObject) {
      if (!("openapiObject" in documentObject)) return documentObject.swaggerObject;
      const { openapiObject } = documentObject;
      listNullInNullableEnums(openapiObject.paths);
      const document = openapiObject as OpenApiDocument;
      for (const [path, operations] of Object.entries(document.paths ?? {})) {
        for (const [method, operation] of Object.entries(operations)) {
          if (operation.requestBody && optionalBodies.has(`${method} ${path}`)) {
            operation.requestBody.required = false;
          }
          // A response schema without a description: the status's own name says more than
          // @fastify/swagger's placeholder ("Default Response").
          for (const [status, response] of Object.entries(operation.responses ?? {})) {
            if (response.description === "Default Response" && STATUS_CODES[status]) {
              response.description = STATUS_CODES[status];
            }
          }
        }
      }
      return openapiObject;
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: true });
}
