import type { IncomingMessage, ServerResponse } from "node:http";
import { createReadStream, existsSync, statSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import { pageHeaders } from "@payloft/functions/http/headers";

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
 */
export function staticSite(dist: string) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://local").pathname);
    const file = normalize(join(dist, path));
    const inside = file.startsWith(dist);
    const target = inside && existsSync(file) && statSync(file).isFile() ? file : join(dist, "index.html");
    if (!existsSync(target)) {
      res.writeHead(503, { ...pageHeaders(path), "content-type": "text/plain" });
      res.end(
        "The web app is not built yet: run `npm start` (it builds packages/web) or `pnpm --filter @payloft/web build`.",
      );
      return;
    }
    const immutable = target.includes(`${join(dist, "assets")}`);
    res.writeHead(200, {
      ...pageHeaders(path),
      "content-type": types[extname(target)] ?? "application/octet-stream",
      "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
    });
    createReadStream(target).pipe(res);
  };
}
