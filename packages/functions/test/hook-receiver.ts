import { afterAll, beforeAll } from "vitest";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { Stack } from "@payloft/local/stack";

/**
 * A creator's webhook receiver for tests: a real HTTP server on localhost (allowed offline)
 * that keeps every POST it gets and answers 200, after `delayMs` when set.
 */
export type Received = {
  headers: IncomingHttpHeaders;
  raw: string;
  event: { id: string; type: string; created: number; sequence: number; data: Record<string, any> };
};

export function useHookReceiver() {
  const received: Received[] = [];
  let server: Server;
  let url = "";
  const opts = { delayMs: 0 };
  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = "";
      req.setEncoding("utf8");
      req.on("data", (c: string) => (raw += c));
      req.on("end", () => {
        received.push({ headers: req.headers, raw, event: JSON.parse(raw) });
        setTimeout(() => res.writeHead(200).end("ok"), opts.delayMs);
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    url = `http://localhost:${(server.address() as { port: number }).port}/hooks`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  return { received, url: () => url, opts };
}

/**
 * Nothing more can happen: no provider webhook in flight, no subscriber running, no webhook
 * delivery queued, being sent or waiting for its retry (a condition, not a sleep: "exactly
 * one" is checked after it). Stack.settled() is that condition.
 */
export const quiet = (stack: Stack) => stack.settled();
