import { z } from "zod";

/**
 * A PDF answer in a route's response schema. A Buffer is sent as it is (Fastify never runs it through
 * the serializer); z.any() lets the handler send one, the meta is what the OpenAPI document shows.
 */
export const pdfResponse = (description: string) => ({
  description,
  content: { "application/pdf": { schema: z.any().meta({ type: "string", format: "binary" }) } },
});
