import http from "node:http";
import https from "node:https";
import type { SignedRequest } from "./http-signing";

/**
 * Sends a signed request with node:http(s), not `fetch`: Node loads fetch's implementation
 * (undici) on its first use, ~100 ms of CPU that a new Lambda instance would pay on its first
 * request, while node:http is part of Node's startup and costs a few milliseconds. Both keep
 * connections alive between calls (Node's default agents do since Node 19).
 *
 * One AbortSignal bounds connecting, sending and reading the answer, so a hanging table costs
 * at most `timeoutMs` per attempt; the error is Node's AbortError, a dependency fault.
 */
export interface Answer {
  status: number;
  requestId: string | undefined;
  text: string;
}

export function post(request: SignedRequest, timeoutMs: number): Promise<Answer> {
  const transport = request.url.startsWith("https:") ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(
      request.url,
      { method: "POST", headers: request.headers, signal: AbortSignal.timeout(timeoutMs) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const requestId = res.headers["x-amzn-requestid"];
          resolve({
            status: res.statusCode ?? 0,
            requestId: typeof requestId === "string" ? requestId : undefined,
            text: Buffer.concat(chunks).toString("utf8"),
          });
        });
      },
    );
    req.on("error", reject);
    req.end(request.body);
  });
}
