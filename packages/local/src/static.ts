import type { IncomingMessage, ServerResponse } from "node:http";
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import { pageHeaders } from "@payloft/functions/http/headers";
import { SharePreview } from "@payloft/core/share/index";

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
 * Sales and store pages get index.html with their share preview filled in, as the
 * production preview Lambda does with the same core function.
 */
export function staticSite(dist: string) {
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
    if (SharePreview.matches(rawPath) && target === join(dist, "index.html")) {
      const template = readFileSync(target, "utf8");
      // Like production: a preview that cannot be made never keeps the page from loading.
      const html = await SharePreview.page(template, rawPath).catch(() => template);
      res.writeHead(200, {
        ...pageHeaders(path, false, process.env.S3_ENDPOINT),
        "content-type": types[".html"]!,
        "cache-control": "no-cache",
      });
      res.end(html);
      return;
    }
    const immutable = target.includes(`${join(dist, "assets")}`);
    res.writeHead(200, {
      ...pageHeaders(path, false, process.env.S3_ENDPOINT),
      "content-type": types[extname(target)] ?? "application/octet-stream",
      "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
    });
    createReadStream(target).pipe(res);
  };
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return "/";
  }
}
