import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { htmlPage } from "./page";

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

/** The product the form was for (its own field), as a path back to its sales page; else the home page. */
function backTo(event: APIGatewayProxyEventV2): { href: string; text: string } {
  const raw = event.body
    ? event.isBase64Encoded
      ? Buffer.from(event.body, "base64").toString("utf8")
      : event.body
    : "";
  const fields = new URLSearchParams(raw);
  // The Buy form names it product_id, the claim form productId (the claim's own input).
  const id = fields.get("product_id") ?? fields.get("productId") ?? "";
  return /^[\w-]{1,100}$/.test(id)
    ? { href: `/product/${encodeURIComponent(id)}`, text: "Back to the product" }
    : { href: "/", text: "Go to Payloft" };
}

/** `answer` (an error answered as JSON: `{ error }`) as the page a browser shows (http/page.ts). */
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
  const page = htmlPage(answer.statusCode ?? 500, {
    title: "Your order could not start",
    paragraphs: [sentence],
    link: backTo(event),
  });
  return { ...answer, headers: { ...answer.headers, ...page.headers }, body: page.body as string };
}
