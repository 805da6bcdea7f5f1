import { reply } from "./request";

/**
 * A small, self-contained HTML page for answers a person reaches by following a link (an
 * access link that no longer works), rather than the web app. Everything is escaped; the
 * page loads nothing and runs no script (its own Content-Security-Policy says so).
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function htmlPage(
  status: number,
  page: { title: string; paragraphs: string[]; link?: { href: string; text: string } },
) {
  const body = page.paragraphs.map((p) => `<p>${esc(p)}</p>`).join("\n");
  const link = page.link ? `<p><a href="${esc(page.link.href)}">${esc(page.link.text)}</a></p>` : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(page.title)} · Payloft</title>
<style>body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f8fafc;color:#0f172a;margin:0;padding:48px 16px}
main{max-width:32rem;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:32px}
h1{font-size:1.4rem;margin:0 0 12px}p{line-height:1.55;color:#334155}a{color:#4338ca;font-weight:600}</style>
</head><body><main><h1>${esc(page.title)}</h1>
${body}
${link}</main></body></html>`;
  return reply(status, html, {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy":
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
  });
}
