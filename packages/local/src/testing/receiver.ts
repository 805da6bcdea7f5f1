import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** A webhook endpoint on this machine for the sandbox tests: its URL, and a way to close it. */
export interface Receiver {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts an endpoint the Stripe or PayPal sandbox delivers to: each request's raw body and
 * headers go to `take`, which answers the status (200 unless it says otherwise; a 500 makes the
 * sandbox retry). Bound before the URL is handed out, on a port the OS picks.
 */
export async function startReceiver(
  path: string,
  take: (raw: string, headers: IncomingHttpHeaders) => number | void,
): Promise<Receiver> {
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const status = take(raw, req.headers) ?? 200;
      res.writeHead(status, { "content-type": "application/json" }).end(status < 300 ? "{}" : '{"error":"try later"}');
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * Moves a sandbox's clock (Stripe's or PayPal's, at `sandboxUrl`) on by `seconds`; what falls due
 * then runs. Answers the sandbox's new time (Unix seconds).
 */
export async function advanceSandboxClock(sandboxUrl: string, seconds: number): Promise<number> {
  const res = await fetch(`${sandboxUrl}/__sandbox/clock/advance`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ seconds }),
  });
  if (res.status !== 200) throw new Error(`the sandbox's clock did not move: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { now: number }).now;
}
