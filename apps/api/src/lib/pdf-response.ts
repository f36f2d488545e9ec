import { z } from "zod";

/**
 * A PDF answer in a route's response schema. A Buffer is sent as it is (Fastify never runs it through
 * the serializer); z.any() lets the handler send one, the meta is what the OpenAPI document shows.
 */
export const pdfResponse = (description: string) => ({
  description,
  content: { "application/pdf": { schema: z.any().meta({ type: "string", format: "binary" }) } },
});

/** RFC 5987's attr-char: what may stand unencoded in `filename*`; encodeURIComponent also leaves '()*. */
const encodeExtValue = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A download's Content-Disposition (RFC 6266): the name in every script as `filename*` (UTF-8), and
 * beside it an ASCII `filename` for clients that read only that one: accents dropped, other letters
 * left out, never a quote or a backslash.
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^\x20-\x7e]+/g, "")
    .replace(/["\\]/g, "")
    .replace(/([-\s])[-\s]+/g, "$1")
    .replace(/^[-\s]+|-(?=\.[^.]+$)/g, "");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(filename.normalize("NFC"))}`;
}
