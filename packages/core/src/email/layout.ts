/**
 * The pieces every HTML e-mail is built from, so receipts, notices and reviews look alike:
 * one column, inline styles (mail clients drop <style>), links as buttons or named links.
 * Everything a caller passes as text is escaped here; only the helpers' own markup is HTML.
 */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const FONT = "font-family:system-ui,-apple-system,Segoe UI,sans-serif";

/** The message's frame; `inner` is HTML made with the helpers below. */
export const frame = (inner: string) =>
  `<div style="${FONT};max-width:520px;margin:0 auto;color:#0f172a;line-height:1.5">\n${inner}\n</div>`;

export const heading = (text: string) => `<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(text)}</h1>`;

export const paragraph = (text: string, muted = false) =>
  `<p style="margin:0 0 12px${muted ? ";color:#64748b;font-size:14px" : ""}">${escapeHtml(text)}</p>`;

/** A link shown as the message's button: the one place this link appears in the HTML part. */
export const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#4f46e5;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600;display:inline-block">${escapeHtml(label)}</a></p>`;

export const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;

/** Label/value rows; values are HTML (escape them, or pass <code> from escaped text). */
export const summary = (rows: [string, string][]) =>
  `<table style="width:100%;border-collapse:collapse;border-top:1px solid #e2e8f0;border-bottom:1px solid #e2e8f0;margin-top:8px">
${rows.map(([k, v]) => `<tr><td style="padding:6px 0;color:#64748b">${escapeHtml(k)}</td><td style="padding:6px 0;text-align:right;font-weight:600">${v}</td></tr>`).join("")}
</table>`;
