import { getRequestListener } from "@hono/node-server";
import { createIssuer, emulatedGoogleProvider } from "@payloft/functions/auth/issuer";
import { ORIGIN_SECRET_HEADER } from "@payloft/functions/http/headers";
import { runAsLambda } from "@payloft/core/lambda-scope";
import { googleEmulator, type EmulatorAccount } from "./google-emulator";
import { bindServer, closeServer, type BoundServer } from "./ports";

/**
 * The OpenAuth issuer on plain Node at Resource.Auth.url (its own origin: OpenAuth must sit
 * at the root), with the Google sign-in emulator mounted under /__google on the same server.
 * The server is also the issuer's CloudFront: it adds the origin secret to what it forwards.
 */
export const EMULATOR_PATH = "/__google";

export async function startIssuer(opts: { port: number | BoundServer; suggested?: EmulatorAccount[] }) {
  const bound = typeof opts.port === "number" ? await bindServer(opts.port, "the local sign-in issuer") : opts.port;
  const url = bound.url;
  const auth = JSON.parse(process.env.SST_RESOURCE_Auth ?? "{}") as { url?: string };
  if (auth.url?.replace(/\/$/, "") !== url) throw new Error(`SST_RESOURCE_Auth must point at ${url}`);
  const secret = (name: string) => (JSON.parse(process.env[`SST_RESOURCE_${name}`] ?? "{}") as { value: string }).value;

  const emulator = googleEmulator({
    base: `${url}${EMULATOR_PATH}`,
    clientId: secret("GoogleClientId"),
    clientSecret: secret("GoogleClientSecret"),
    suggested: opts.suggested,
  });
  const issuer = createIssuer({ provider: emulatedGoogleProvider(`${url}${EMULATOR_PATH}`) });

  bound.server.on(
    "request",
    getRequestListener((req: Request) => {
      if (new URL(req.url).pathname.startsWith(`${EMULATOR_PATH}/`)) return emulator(req);
      // What the issuer's CloudFront does (infra/auth.ts): every request it forwards carries the origin secret.
      req.headers.set(ORIGIN_SECRET_HEADER, secret("OriginSecret"));
      return runAsLambda("issuer", () => issuer.fetch(req));
    }),
  );

  return {
    url,
    stop: () => closeServer(bound.server),
  };
}
