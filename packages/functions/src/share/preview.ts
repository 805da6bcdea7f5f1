import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { Config } from "@payloft/core/config/index";
import { logger } from "@payloft/core/log/index";
import { SharePreview } from "@payloft/core/share/index";

/**
 * The share-preview step in production: the Router sends /product/*, /p/* and /s/* here
 * (infra/web.ts), and this answers the SPA's own index.html with that page's preview filled
 * in by the same core function the local static server uses. The SPA stays the SPA: the
 * browser loads the same scripts and renders the page as on any other path.
 *
 * The template is the deployed index.html, fetched from the site itself (it names the
 * current build's hashed assets) and kept for a minute per container.
 */
const TEMPLATE_TTL_MS = 60_000;
let cached: { html: string; at: number } | undefined;

async function template(): Promise<string> {
  if (cached && Date.now() - cached.at < TEMPLATE_TTL_MS) return cached.html;
  try {
    const res = await fetch(`${Config.siteUrl()}/index.html`, { signal: AbortSignal.timeout(3000) });
    if (!res.ok) throw new Error(`index.html answered ${res.status}`);
    cached = { html: await res.text(), at: Date.now() };
  } catch (err) {
    // A stale template still serves the page; only a cold start with no site reachable fails.
    if (!cached) throw err;
    logger.warn("share preview: kept the previous template", { error: (err as Error).message });
  }
  return cached.html;
}

const html = (status: number, body: string, cache: string): APIGatewayProxyStructuredResultV2 => ({
  statusCode: status,
  headers: { "content-type": "text/html; charset=utf-8", "cache-control": cache },
  body,
});

export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  let page: string;
  try {
    page = await template();
  } catch (err) {
    logger.error("share preview: no template", err as Error);
    return html(503, "<!doctype html><title>Payloft</title><p>Please reload the page in a moment.</p>", "no-store");
  }
  try {
    // Shared links are fetched by many crawlers at once: a minute at the edge spares the table.
    return html(200, await SharePreview.page(page, event.rawPath), "public, max-age=0, s-maxage=60");
  } catch (err) {
    // The page itself must never fail because its preview could not be made.
    logger.error("share preview failed", err as Error);
    return html(200, page, "no-cache");
  }
}
