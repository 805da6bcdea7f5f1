import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";

/**
 * A page's own form posted without JavaScript (the sales page's Buy before the page is hydrated,
 * or with JavaScript off) is a browser navigation: a refusal answered as JSON would show the
 * buyer raw JSON. So a refused form post whose browser takes HTML gets a small page with the same
 * sentence and the same status, and a way back to the product. Requests that ask for JSON (the
 * app, scripts, the API's other callers) keep the JSON answer.
 */
export function wantsPage(event: APIGatewayProxyEventV2): boolean {
  const header = (name: string) =>
    Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === name)?.[1] ?? "";
  return (
    header("content-type").startsWith("application/x-www-form-urlencoded") && header("accept").includes("text/html")
  );
}

/** No script, no outside resource, nothing may frame it or post from it; its one style is inline. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** The product the form was for (its own field), as a path back to its sales page; else the home page. */
function backTo(event: APIGatewayProxyEventV2): { href: string; label: string } {
  const raw = event.body
    ? event.isBase64Encoded
      ? Buffer.from(event.body, "base64").toString("utf8")
      : event.body
    : "";
  const id = new URLSearchParams(raw).get("product_id") ?? "";
  return /^[\w-]{1,100}$/.test(id)
    ? { href: `/product/${encodeURIComponent(id)}`, label: "Back to the product" }
    : { href: "/", label: "Go to Payloft" };
}

/** `answer` (an error answered as JSON: `{ error }`) as the page a browser shows. */
export function asPage(
  event: APIGatewayProxyEventV2,
  answer: APIGatewayProxyStructuredResultV2,
): APIGatewayProxyStructuredResultV2 {
  let sentence = "Something went wrong on our side. Please try again.";
  try {
    const parsed = JSON.parse(String(answer.body ?? "")) as { error?: unknown };
    if (typeof parsed.error === "string" && parsed.error) sentence = parsed.error;
  } catch {
    // Not JSON: the general sentence stands.
  }
  const back = backTo(event);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Your order could not start - Payloft</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}h1{font-size:1.5rem}a{color:#4338ca;font-weight:600}</style>
</head>
<body>
<main>
<h1>Your order could not start</h1>
<p role="alert">${escapeHtml(sentence)}</p>
<p><a href="${back.href}">${back.label}</a></p>
</main>
</body>
</html>
`;
  return {
    ...answer,
    headers: { ...answer.headers, "content-type": "text/html; charset=utf-8", "content-security-policy": PAGE_CSP },
    body: html,
  };
}
