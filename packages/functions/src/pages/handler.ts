import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { Config } from "@payloft/core/config/index";
import { logger } from "@payloft/core/log/index";
import type { PageKind } from "@payloft/core/pages/paths";
import { renderPublicPage } from "./render";

/**
 * The page Lambda: the Router sends /product/*, /p/*, /s/* and /overlay/* here (infra/web.ts),
 * and this answers the page rendered on the server (./render), share preview included.
 *
 * A page's shell is the deployed pages/<page>.html, fetched from the site itself (it names the
 * current build's hashed assets) and kept for a minute per container.
 */
const SHELL_TTL_MS = 60_000;
const cached = new Map<string, { html: string; at: number }>();

/** `file`: pages/<page>.html, or index.html (the app) for a path under these prefixes that is no page. */
async function fetchShell(file: string): Promise<string> {
  const kept = cached.get(file);
  if (kept && Date.now() - kept.at < SHELL_TTL_MS) return kept.html;
  try {
    const res = await fetch(`${Config.siteUrl()}/${file}`, { signal: AbortSignal.timeout(3000) });
    if (!res.ok) throw new Error(`${file} answered ${res.status}`);
    const html = await res.text();
    cached.set(file, { html, at: Date.now() });
    return html;
  } catch (err) {
    // A stale shell still serves the page; only a cold start with no site reachable fails.
    if (!kept) throw err;
    logger.warn("page: kept the previous shell", { file, error: (err as Error).message });
    return kept.html;
  }
}
const shell = (page: PageKind) => fetchShell(`pages/${page}.html`);

const html = (status: number, body: string, cache: string, setCookie?: string): APIGatewayProxyStructuredResultV2 => ({
  statusCode: status,
  headers: { "content-type": "text/html; charset=utf-8", "cache-control": cache },
  body,
  ...(setCookie ? { cookies: [setCookie] } : {}),
});

const RELOAD = "<!doctype html><title>Payloft</title><p>Please reload the page in a moment.</p>";

export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  try {
    // A function URL's event carries the Cookie header as `cookies` (payload 2.0).
    const cookie = event.cookies?.join("; ") ?? event.headers?.cookie;
    const query = new URLSearchParams(event.rawQueryString ?? "");
    const page = await renderPublicPage(event.rawPath, query, shell, cookie, {
      userAgent: event.headers?.["user-agent"],
      purpose: event.headers?.["sec-purpose"] ?? event.headers?.["purpose"],
    });
    // /product/a/b and the like: the app answers them (its own not-found page), as CloudFront would.
    if (!page) return html(200, await fetchShell("index.html"), "no-cache");
    return html(page.status, page.html, page.cacheControl, page.setCookie);
  } catch (err) {
    logger.error("page could not be rendered", err as Error);
    return html(503, RELOAD, "no-store");
  }
}
