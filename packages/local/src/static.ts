import type { IncomingMessage, ServerResponse } from "node:http";
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import { pageHeaders } from "@payloft/functions/http/headers";
import { logger } from "@payloft/core/log/index";
import { isRenderedPage, renderPublicPage } from "@payloft/functions/pages/render";
import { compress, compressedFiles, encodingFor } from "./compress";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".woff2": "font/woff2",
  ".webp": "image/webp",
  ".txt": "text/plain",
};

/**
 * Serves the built web app like CloudFront does: files, then index.html for client routes,
 * with the same security headers (CSP, nosniff, Referrer-Policy; HSTS only over https).
 * The sales, overlay and store pages are rendered on the server through the page Lambda's own
 * code (packages/functions/src/pages/render.ts), from the built shells in dist/pages. Text goes
 * out compressed as CloudFront sends it (./compress).
 */
export function staticSite(dist: string) {
  const compressed = compressedFiles();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const rawPath = new URL(req.url ?? "/", "http://local").pathname;
    // A broken %-escape names no file: the SPA answers it (with its not-found page).
    const path = safeDecode(rawPath);
    const file = normalize(join(dist, path));
    const inside = file.startsWith(dist);
    const target = inside && existsSync(file) && statSync(file).isFile() ? file : join(dist, "index.html");
    if (!existsSync(target)) {
      res.writeHead(503, { ...pageHeaders(path, false, process.env.S3_ENDPOINT), "content-type": "text/plain" });
      res.end(
        "The web app is not built yet: run `npm start` (it builds packages/web) or `pnpm --filter @payloft/web build`.",
      );
      return;
    }
    if (isRenderedPage(rawPath)) {
      const query = new URL(req.url ?? "/", "http://local").searchParams;
      const shell = async (page: string) => readFileSync(join(dist, "pages", `${page}.html`), "utf8");
      // Like the Lambda (pages/handler.ts): a page that cannot be rendered asks for a reload, never a 500.
      const page = await renderPublicPage(rawPath, query, shell, req.headers.cookie, {
        userAgent: req.headers["user-agent"],
        purpose: String(req.headers["sec-purpose"] ?? req.headers["purpose"] ?? ""),
      }).catch((err: Error) => {
        logger.error("page could not be rendered", err);
        return null;
      });
      const html = Buffer.from(
        page?.html ?? "<!doctype html><title>Payloft</title><p>Please reload the page in a moment.</p>",
      );
      const encoding = encodingFor(req, types[".html"]!, html.length);
      const body = encoding ? await compress(html, encoding) : html;
      res.writeHead(page?.status ?? 503, {
        ...pageHeaders(path, false, process.env.S3_ENDPOINT),
        "content-type": types[".html"]!,
        "cache-control": page?.cacheControl ?? "no-store",
        ...(page?.setCookie ? { "set-cookie": page.setCookie } : {}),
        ...encodedHeaders(encoding, body.length),
      });
      res.end(body);
      return;
    }
    const immutable = target.includes(`${join(dist, "assets")}`);
    const type = types[extname(target)] ?? "application/octet-stream";
    const stat = statSync(target);
    const encoding = encodingFor(req, type, stat.size);
    const headers = {
      ...pageHeaders(path, false, process.env.S3_ENDPOINT),
      "content-type": type,
      "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
    };
    if (!encoding) {
      res.writeHead(200, headers);
      createReadStream(target).pipe(res);
      return;
    }
    const body = await compressed(`${target} ${stat.mtimeMs}`, () => readFileSync(target), encoding);
    res.writeHead(200, { ...headers, ...encodedHeaders(encoding, body.length) });
    res.end(body);
  };
}

/** Headers of a compressed answer; Vary, so a cache never hands brotli to a viewer that asked for none. */
const encodedHeaders = (encoding: string | null, length: number) =>
  encoding ? { "content-encoding": encoding, "content-length": String(length), vary: "Accept-Encoding" } : {};

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return "/";
  }
}
