import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error.ts";

const PROTOTYPE_KEY_MESSAGE = "The request body may not contain a __proto__ or constructor.prototype key";

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * Fastify's own JSON parser, which refuses `__proto__` and `constructor.prototype` keys (prototype
 * poisoning). Only its answer to those changes: such a body is valid JSON, so "not valid JSON" would
 * send the client looking for the wrong mistake.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    parse(request, text, (error, value) => {
      // Parsed on the error path only: what JSON.parse accepts was refused for a prototype key.
      if (error && isJson(text)) done(new AppError("bad_request", PROTOTYPE_KEY_MESSAGE), undefined);
      else done(error, value);
    });
  });
}
