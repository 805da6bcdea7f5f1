import type { IncomingMessage, ServerResponse } from "node:http";
import { Email, type EmailMessage } from "@payloft/core/email/index";

/** Local e-mail: every message is kept in memory and listed at /__outbox (JSON at /__outbox.json). */
export interface SentEmail extends EmailMessage {
  id: number;
  from: string;
  sentAt: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function startOutbox() {
  const messages: SentEmail[] = [];
  Email.useTransport(async (m) => {
    messages.push({ ...m, id: messages.length + 1, sentAt: new Date().toISOString() });
  });

  function handle(req: IncomingMessage, res: ServerResponse): boolean {
    const path = new URL(req.url ?? "/", "http://local").pathname;
    if (path === "/__outbox.json") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(messages));
      return true;
    }
    if (path !== "/__outbox") return false;
    const items = [...messages]
      .reverse()
      .map(
        (m) => `
      <article><header><strong>${esc(m.subject)}</strong><span>${esc(m.sentAt)}</span></header>
      <p class="meta">From ${esc(m.from)} to <b>${esc(m.to)}</b>${m.replyTo ? ` · Reply-To <b>${esc(m.replyTo)}</b>` : ""}</p>
      ${
        m.html
          ? `<iframe sandbox title="${esc(m.subject)}" srcdoc="${esc(m.html)}"></iframe>
      <details><summary>Plain-text part</summary><pre>${esc(m.text)}</pre></details>`
          : `<pre>${esc(m.text)}</pre>`
      }</article>`,
      )
      .join("");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Outbox · local e-mail</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#0f172a;background:#f8fafc}
article{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}
header{display:flex;justify-content:space-between;gap:1rem}header span,.meta{color:#64748b;font-size:.875rem}
iframe{width:100%;min-height:320px;border:1px solid #e2e8f0;border-radius:8px}pre{white-space:pre-wrap}
summary{cursor:pointer;color:#475569;font-size:.875rem;margin-top:.5rem}</style></head>
<body><h1>Outbox</h1><p class="meta">E-mails the product sent while running locally (${messages.length}).</p>${items || "<p>No e-mails yet.</p>"}</body></html>`);
    return true;
  }
  return { messages, handle };
}
