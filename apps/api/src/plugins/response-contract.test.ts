import fastifySwagger from "@fastify/swagger";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerResponseContract } from "./response-contract.ts";

/** A tiny app whose one route can answer in or out of its declared shape. */
async function appWith(mode: "enforce" | "log") {
  const app = Fastify({ logger: false });
  await app.register(fastifySwagger, { openapi: { info: { title: "contract", version: "1" } } });
  registerResponseContract(app, mode);
  app.get<{ Params: { how: string } }>(
    "/api/things/:how",
    {
      schema: {
        response: {
          200: {
            type: "object",
            properties: { n: { type: "integer" }, at: { type: "string", format: "date-time" } },
            required: ["n"],
          },
        },
      },
    },
    async (request, reply) => {
      // Plain JSON.stringify: the serializer would otherwise shape the answer to the schema first.
      reply.serializer(JSON.stringify).type("application/json; charset=utf-8");
      if (request.params.how === "teapot") return reply.code(418).send({ n: 1 });
      if (request.params.how === "null") return { n: null };
      if (request.params.how === "bad-date") return { n: 1, at: "26/11/2026" };
      return { n: 1, at: "2026-11-26T00:00:00.000Z" };
    },
  );
  await app.ready();
  return app;
}

describe("response contract", () => {
  it("lets an answer in its declared shape through untouched", async () => {
    const app = await appWith("enforce");
    const res = await app.inject({ url: "/api/things/ok" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ n: 1, at: "2026-11-26T00:00:00.000Z" });
  });

  it("turns a shape or a status the document does not declare into a 500 that says what was wrong", async () => {
    const app = await appWith("enforce");
    const wrong = await app.inject({ url: "/api/things/null" });
    expect(wrong.statusCode).toBe(500);
    expect(wrong.json().error).toMatchObject({
      code: "contract_violation",
      details: [{ path: "response", message: "/n must be integer" }],
    });
    expect((await app.inject({ url: "/api/things/bad-date" })).json().error.details).toEqual([
      { path: "response", message: '/at must match format "date-time"' },
    ]);
    expect((await app.inject({ url: "/api/things/teapot" })).json().error.details).toEqual([
      { path: "response", message: "status 418 is not declared" },
    ]);
  });

  it("only logs in log mode", async () => {
    const app = await appWith("log");
    const res = await app.inject({ url: "/api/things/null" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ n: null });
  });
});
