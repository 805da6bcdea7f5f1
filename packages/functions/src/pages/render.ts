import { REF_COOKIE, type Visitor } from "@payloft/core/affiliate/visit";
import { logger } from "@payloft/core/log/index";
import { PublicPages } from "@payloft/core/pages/index";
import { pageTarget, type PageKind } from "@payloft/core/pages/paths";
import { SharePreview } from "@payloft/core/share/index";
import { renderPage } from "@/rendered/server";
import { parseCookies } from "../http/request";

/**
 * The public pages the server renders, /product/{id}, /p/{id}, /overlay/product/{id} and
 * /s/{handle}: their data read in core, the page rendered with react-dom/server from the web
 * app's own components into that page's built shell (packages/web/pages/<page>.html), with the
 * share preview in its head. The page Lambda (./handler) and the local server
 * (packages/local/src/static.ts) both answer through this, each with its own way to the shells.
 */
export interface RenderedPage {
  status: 200 | 404 | 503;
  html: string;
  cacheControl: string;
  /** `?ref={code}` of an affiliate: the attribution cookie this answer sets (never kept at the edge). */
  setCookie?: string;
}

/** A page's built shell: the Lambda fetches it from the site, the local server reads packages/web/dist. */
export type ShellSource = (page: PageKind) => Promise<string>;

/** True for the paths this module answers. */
export const isRenderedPage = (pathname: string) => pageTarget(pathname) !== null;

export async function renderPublicPage(
  pathname: string,
  query: URLSearchParams,
  shell: ShellSource,
  /** The visitor's Cookie header: the attribution cookie keeps their other creators' entries. */
  cookie?: string,
  /** Who asks (User-Agent, Sec-Purpose): a `?ref=` click counts for a person, not a crawler or prefetch. */
  visitor: Visitor = {},
): Promise<RenderedPage | null> {
  const target = pageTarget(pathname);
  if (!target) return null;
  let loaded: PublicPages.Loaded | null;
  try {
    loaded = await PublicPages.load(pathname, query);
  } catch (err) {
    // A neighbour down (the table, a throttle) is the page saying "try again", never a crash.
    logger.error("page data could not be read", err as Error);
    loaded = PublicPages.failed(target.page);
  }
  if (!loaded) return null;
  const html = await renderPage(await shell(target.page), loaded.data);
  // The page is shown without attribution rather than not at all.
  const refCookie = cookie ? parseCookies(undefined, cookie)[REF_COOKIE] : undefined;
  const setCookie = await PublicPages.referralCookie(loaded, query, refCookie, visitor).catch((err: Error) => {
    logger.error("page: the affiliate's ?ref= could not be read", err);
    return undefined;
  });
  return {
    status: loaded.status,
    html: loaded.meta ? SharePreview.render(html, loaded.meta) : html,
    // Shared links are fetched by many crawlers at once: a minute at the edge spares the table.
    // A 404 or 503 is not kept: the product may be approved, the table back, a moment later.
    // An answer that sets this visitor's cookie is theirs alone.
    cacheControl: setCookie
      ? "private, no-store"
      : loaded.status === 200
        ? "public, max-age=0, s-maxage=60"
        : "no-store",
    ...(setCookie ? { setCookie } : {}),
  };
}
