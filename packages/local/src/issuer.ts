import { serve, type ServerType } from "@hono/node-server";
import { createIssuer, emulatedGoogleProvider } from "@payloft/functions/auth/issuer";
import { runAsLambda } from "@payloft/core/lambda-scope";
import { googleEmulator, type EmulatorAccount } from "./google-emulator";

/**
 * The OpenAuth issuer on plain Node at Resource.Auth.url (its own origin: OpenAuth must sit
 * at the root), with the Google sign-in emulator mounted under /__google on the same server.
 */
export const EMULATOR_PATH = "/__google";

export async function startIssuer(opts: { port: number; suggested?: EmulatorAccount[] }) {
  const url = `http://localhost:${opts.port}`;
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

  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve(
      {
        fetch: (req: Request) =>
          new URL(req.url).pathname.startsWith(`${EMULATOR_PATH}/`)
            ? emulator(req)
            : runAsLambda("issuer", () => issuer.fetch(req)),
        port: opts.port,
        hostname: "127.0.0.1",
      },
      () => resolve(s),
    );
    s.once("error", reject);
  });

  return {
    url,
    async stop() {
      await new Promise<void>((r) => server.close(() => r()));
      (server as { closeAllConnections?: () => void }).closeAllConnections?.();
    },
  };
}
