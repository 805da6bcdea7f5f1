import type { IncomingMessage, ServerResponse } from "node:http";
import { answerAws } from "./index";

/**
 * POST /__aws/events and /__aws/sqs on the local site: the signed EventBridge and SQS requests
 * of an operator command running in its own process (npm run replay-dead-letters against
 * `npm start`), answered by the running product's bus exactly as its in-process fetch hook does.
 */
export async function handleAwsRequest(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const match = /^\/__aws\/(events|sqs)$/.exec(new URL(req.url ?? "/", "http://local").pathname);
  if (!match || req.method !== "POST") return false;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const answer = await answerAws(
    match[1] as "events" | "sqs",
    new Request("http://local/", { method: "POST", headers, body: Buffer.concat(chunks) }),
  );
  res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
  res.end(await answer.text());
  return true;
}
