import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built SPA: real files as they are, any other GET outside /api as index.html so that deep
 * links (/student/book) reach the client router. /api/* always answers JSON, never the app.
 * Source maps are never served, even when a build left them in dist: they would publish the source.
 * The web build writes `.br` and `.gz` siblings (apps/web/vite-precompress.ts); `preCompressed` picks
 * one by the request's Accept-Encoding (brotli first), falls back to the plain file and always sends
 * `Vary: Accept-Encoding`. The siblings get no routes of their own: they are only ever a variant.
 */
const isSourceMap = (path: string) => /\.map(?:\.br|\.gz)?$/i.test(path);
const isIndexHtml = (path: string) => /(?:^|[\\/])index\.html(?:\.br|\.gz)?$/.test(path);

export async function registerStaticWeb(app: FastifyInstance, webDistDir: string | undefined) {
  const hasWeb = webDistDir !== undefined && existsSync(join(webDistDir, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ["**/*.map", "**/*.br", "**/*.gz"],
      allowedPath: (pathName) => !isSourceMap(pathName),
      setHeaders(reply, path) {
        // Vite fingerprints everything under assets/, so it can be cached for good. `path` is the file
        // actually sent, which may be the .br or .gz sibling.
        if (path.includes(`${join("/", "assets", "/")}`)) {
          reply.header("cache-control", "public, max-age=31536000, immutable");
        } else if (isIndexHtml(path)) {
          // The page names the current fingerprinted assets: always revalidate it. Set here, not before
          // sendFile, because @fastify/send's own "public, max-age=0" would replace a header set earlier.
          reply.header("cache-control", "no-cache");
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const isApi = path === "/api" || path.startsWith("/api/");
    // A missing asset, a source map or a compressed variant asked for by name is a 404, not the app's
    // HTML under a .js, .map or .br name.
    const isFile = path.startsWith("/assets/") || isSourceMap(path) || /\.(?:br|gz)$/i.test(path);
    if (!isApi && !isFile && hasWeb && (request.method === "GET" || request.method === "HEAD")) {
      return reply.sendFile("index.html");
    }
    return reply.status(404).send({
      error: { code: "not_found", message: `No route for ${request.method} ${path}` },
    });
  });

  // Files that exist are served by @fastify/static's per-file routes (wildcard: false).
  if (hasWeb) {
    // The SPA's page, not part of the API contract.
    app.get("/", { schema: { hide: true } }, (_request, reply) => reply.sendFile("index.html"));
  }
}
