import { afterAll, beforeAll, inject } from "vitest";
import { randomUUID } from "node:crypto";
import type { Stack } from "../stack";
import { VIEWER_ADDRESS_HEADER } from "@payloft/functions/http/headers";
import { addressOf, viewerHeaders } from "./auth";

/**
 * Starts a real in-process stack (gateway, bus, outbox, issuer, payments sandbox) for one
 * test file, on its own table in the shared DynamoDB Local. Use at the top of a file:
 *   const stack = useStack();  ...  await fetch(`${stack().url}/api/health`)
 */
export function useStack(opts: { seed?: boolean; webDist?: string } = {}) {
  let stack: Stack | undefined;
  beforeAll(async () => {
    const { startStack } = await import("../stack");
    stack = await startStack({
      port: 0,
      dynamoEndpoint: inject("dynamoEndpoint"),
      tableName: `t-${randomUUID().slice(0, 8)}`,
      seed: opts.seed ?? false,
      quiet: true,
      // Tests wait for the figures fold (settle), so its batching window is short here.
      streamWindowMs: 50,
      ...(opts.webDist ? { webDist: opts.webDist } : {}),
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });
  return () => {
    if (!stack) throw new Error("useStack(): the stack is not started yet (use it inside tests)");
    return stack;
  };
}

/**
 * `read()` once the stack has settled (Stack.settled: every webhook, bus delivery and outgoing
 * delivery has run its course), checked by `ok`: no polling, and a clear failure with what was
 * read when the awaited thing never came, since nothing more is going to happen.
 */
export async function whenSettled<T>(
  stack: Stack,
  what: string,
  read: () => T | Promise<T>,
  ok: (v: T) => boolean,
): Promise<T> {
  await stack.settled();
  const v = await read();
  if (!ok(v)) throw new Error(`once settled, still no ${what}: ${JSON.stringify(v).slice(0, 500)}`);
  return v;
}

/** JSON fetch against the stack with an Origin of the site itself, like the browser sends. */
export async function call(
  stack: Stack,
  method: string,
  path: string,
  opts: {
    body?: unknown;
    /** Sent as-is instead of JSON.stringify(body), e.g. deliberately broken JSON. */
    rawBody?: string;
    cookie?: string;
    headers?: Record<string, string>;
  } = {},
) {
  // Each signed-in person calls from their own address, as people do (the per-address rate
  // limits are per client), and a test may name one; anonymous calls share the test runner's
  // address. A named address is sent the way CloudFront forwards it (viewerHeaders).
  const address = opts.headers?.[VIEWER_ADDRESS_HEADER] ?? (opts.cookie ? addressOf(opts.cookie) : undefined);
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(method !== "GET" ? { origin: stack.url } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(address ? viewerHeaders(address) : {}),
      ...opts.headers,
    },
    body: opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    redirect: "manual",
  });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}
