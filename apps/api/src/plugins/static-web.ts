import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built SPA: real files as they are, any other GET outside /api as index.html so that deep
 * links (/student/book) reach the client router. /api/* always answers JSON, never the app.
 * Source maps are never served, even when a build left them in dist: they would publish the source.
 */
const isSourceMap = (path: string) => /\.map$/i.test(path);

export async function registerStaticWeb(app: FastifyInstance, webDistDir: string | undefined) {
  const hasWeb = webDistDir !== undefined && existsSync(join(webDistDir, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      globIgnore: ["**/*.map"],
      allowedPath: (pathName) => !isSourceMap(pathName),
      setHeaders(reply, path) {
        // Vite fingerprints everything under assets/, so it can be cached for good.
        if (path.includes(`${join("/", "assets", "/")}`)) {
          reply.header("cache-control", "public, max-age=31536000, immutable");
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const isApi = path === "/api" || path.startsWith("/api/");
    // A missing asset or a source map is a 404, not the app's HTML under a .js or .map name.
    const isFile = path.startsWith("/assets/") || isSourceMap(path);
    if (!isApi && !isFile && hasWeb && (request.method === "GET" || request.method === "HEAD")) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send({
      error: { code: "not_found", message: `No route for ${request.method} ${path}` },
    });
  });

  // Files that exist are served by @fastify/static's per-file routes (wildcard: false).
  if (hasWeb) {
    // The SPA's page, not part of the API contract.
    app.get("/", { schema: { hide: true } }, (_request, reply) =>
      reply.header("cache-control", "no-cache").sendFile("index.html"),
    );
  }
}
