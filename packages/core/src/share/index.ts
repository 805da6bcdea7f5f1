import { formatMoney } from "../currency/units";
import { Config } from "../config/index";
import type { ProductPublicView } from "../product/sales-page";
import { mediaImage } from "../product/media";
import type { Store } from "../store/index";

/**
 * Share previews: the sales page and store page HTML, as served, carries the title,
 * description and picture that chat apps and social sites show for a link (Open Graph and
 * Twitter cards). Crawlers do not run JavaScript: the page Lambda (which renders these pages,
 * packages/functions/src/pages) puts them in the page's head from the data it rendered with.
 * Everything a seller typed is HTML-escaped; an unavailable product or store gets the site's
 * generic preview (nothing of a rejected product leaks through its link).
 */
export namespace SharePreview {
  export interface Meta {
    title: string;
    description: string;
    /** Absolute http(s) URL. */
    image: string;
    url: string;
    type: "product" | "profile";
    /** Big picture for a product's own image; a small card for logos and the default picture. */
    card: "summary" | "summary_large_image";
    /** false for white-label sellers: no "Payloft" in the title or site name. */
    brand: boolean;
  }

  const DESCRIPTION_MAX = 200;

  const defaultImage = () => `${Config.siteUrl()}/og-image.jpg`;

  /** One line of plain text of at most `max` characters (an ellipsis marks a cut). */
  export function plain(text: string, max = DESCRIPTION_MAX): string {
    // Control characters are dropped; whitespace (line breaks too) collapses to single spaces.
    const printable = [...text].filter((ch) => /\s/.test(ch) || (ch >= " " && ch !== "\u007f")).join("");
    const flat = printable.replace(/\s+/g, " ").trim();
    return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
  }

  /** A sales page's preview (none for an unavailable product); `prefix`: the link's own form. */
  export function ofProduct(p: ProductPublicView, prefix: "product" | "p"): Meta | null {
    if (!p.is_active) return null;
    const picture = mediaImage(p.media_type, p.media_url);
    const by = p.creator_name ? ` by ${p.creator_name}` : "";
    return {
      title: plain(p.headline || p.name, 120),
      description: plain(
        p.subheadline || p.description || `${p.name}${by}: ${formatMoney(p.price, p.currency)}, instant access.`,
      ),
      image: picture ?? p.branding.logo_url ?? defaultImage(),
      url: `${Config.siteUrl()}/${prefix}/${encodeURIComponent(p.id)}`,
      type: "product",
      card: picture ? "summary_large_image" : "summary",
      brand: p.branding.powered_by,
    };
  }

  /** A store page's preview. */
  export function ofStore({ store, products }: Store.PublicView): Meta {
    const name = store.name || store.handle;
    const count = products.length;
    return {
      title: plain(name, 120),
      description: plain(
        store.bio || `${count} digital product${count === 1 ? "" : "s"} by ${name}. Instant access after payment.`,
      ),
      image: store.avatar_url ?? defaultImage(),
      url: `${Config.siteUrl()}/s/${store.handle}`,
      type: "profile",
      card: "summary",
      brand: store.powered_by,
    };
  }

  /** For HTML text and double- or single-quoted attribute values alike. */
  export const escapeHtml = (s: string) =>
    s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

  /** The template with its <title> and description replaced by the preview's, and the Open Graph tags added. */
  export function render(template: string, meta: Meta): string {
    const e = escapeHtml;
    const title = meta.brand ? `${meta.title} · Payloft` : meta.title;
    const tags = [
      `<title>${e(title)}</title>`,
      `<meta name="description" content="${e(meta.description)}" />`,
      `<link rel="canonical" href="${e(meta.url)}" />`,
      `<meta property="og:type" content="${meta.type}" />`,
      ...(meta.brand ? [`<meta property="og:site_name" content="Payloft" />`] : []),
      `<meta property="og:title" content="${e(meta.title)}" />`,
      `<meta property="og:description" content="${e(meta.description)}" />`,
      `<meta property="og:url" content="${e(meta.url)}" />`,
      `<meta property="og:image" content="${e(meta.image)}" />`,
      `<meta name="twitter:card" content="${meta.card}" />`,
      `<meta name="twitter:title" content="${e(meta.title)}" />`,
      `<meta name="twitter:description" content="${e(meta.description)}" />`,
      `<meta name="twitter:image" content="${e(meta.image)}" />`,
    ].join("\n    ");
    const stripped = template
      .replace(/<title>[\s\S]*?<\/title>\s*/i, "")
      .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/i, "");
    // A function replacement: "$&" or "$'" typed by a seller must stay text, not a pattern.
    return stripped.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
  }
}
