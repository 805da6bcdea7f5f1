import { issuer } from "@openauthjs/openauth";
import { GoogleProvider } from "@openauthjs/openauth/provider/google";
import { Oauth2Provider, type Oauth2Token } from "@openauthjs/openauth/provider/oauth2";
import type { Provider } from "@openauthjs/openauth/provider/provider";
import type { StorageAdapter } from "@openauthjs/openauth/storage/storage";
import { handle } from "hono/aws-lambda";
import { Resource } from "sst";
import { AuthStorage } from "@payloft/core/user/auth-storage";
import { SignIn } from "@payloft/core/user/sign-in";
import { AppError } from "@payloft/core/errors";
import { settingProblems } from "@payloft/core/config/check";
import { logger } from "@payloft/core/log/index";
import { ISSUER_LINKS } from "../links";
import { subjects } from "./subjects";
import { guardRedirects, isAllowedRedirect } from "./redirects";
import { guardEdge } from "./edge-guard";

type OauthProvider = Provider<{ tokenset: Oauth2Token; clientID: string }>;

/** Identity claims from an OpenID id_token (Google's, or the local emulator's). */
export interface IdTokenClaims {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

/**
 * The id_token came to us straight from the provider's token endpoint over TLS in exchange
 * for our client secret, so (per OpenID Connect Core 3.1.3.7) its payload can be read
 * without re-verifying the signature.
 */
export function decodeIdToken(idToken: unknown): IdTokenClaims {
  if (typeof idToken !== "string" || idToken.split(".").length < 2)
    throw new Error("The identity provider returned no id_token");
  const payload = JSON.parse(Buffer.from(idToken.split(".")[1]!, "base64url").toString("utf8"));
  if (typeof payload.sub !== "string" || typeof payload.email !== "string")
    throw new Error("The id_token has no subject or e-mail");
  return payload as IdTokenClaims;
}

export function googleProvider(): OauthProvider {
  return GoogleProvider({
    clientID: Resource.GoogleClientId.value,
    clientSecret: Resource.GoogleClientSecret.value,
    scopes: ["openid", "email", "profile"],
    query: { prompt: "select_account" },
  });
}

/**
 * The offline runtime's stand-in for Google: the same OAuth code flow against the local
 * sign-in emulator mounted at `<issuer>/__google` (packages/local/src/google-emulator.ts).
 */
export function emulatedGoogleProvider(emulatorBase: string): OauthProvider {
  return Oauth2Provider({
    type: "google",
    clientID: Resource.GoogleClientId.value,
    clientSecret: Resource.GoogleClientSecret.value,
    scopes: ["openid", "email", "profile"],
    endpoint: { authorization: `${emulatorBase}/authorize`, token: `${emulatorBase}/token` },
  });
}

/**
 * The OpenAuth issuer. The provider is a parameter: Google in AWS, the local sign-in
 * emulator offline; everything else (storage, subjects, profile upsert) is shared.
 */
export function createIssuer(opts: { provider: OauthProvider; storage?: StorageAdapter }) {
  // OpenAuth installs hono's access logger with the console.log of the moment; it would log
  // every authorization code and state in URLs, so mute it here.
  const log = console.log;
  console.log = () => {};
  try {
    return guardEdge(guardRedirects(buildIssuer(opts)));
  } finally {
    console.log = log;
  }
}

function buildIssuer(opts: { provider: OauthProvider; storage?: StorageAdapter }) {
  return issuer({
    subjects,
    storage: opts.storage ?? AuthStorage(),
    providers: { google: opts.provider },
    // Short access tokens keep the per-request check cheap to revoke; refresh keeps people signed in.
    ttl: { access: 60 * 15, refresh: 60 * 60 * 24 * 30 },
    // Also refused before OpenAuth sees the request (guardRedirects), with an error page.
    allow: async (input) => isAllowedRedirect(input.clientID, input.redirectURI),
    async success(ctx, value) {
      const claims = decodeIdToken(value.tokenset.raw.id_token);
      if (claims.email_verified === false) throw new Error("Your Google e-mail address is not verified.");
      try {
        const user = await SignIn.complete({
          sub: claims.sub,
          email: claims.email,
          name: claims.name,
          picture: claims.picture,
        });
        return ctx.subject(
          "user",
          { id: user.id, email: user.email, signed_in_at: Date.now() },
          { subject: `user:${user.id}` },
        );
      } catch (err) {
        // The message reaches /auth/callback as error_description and is shown to the person.
        if (err instanceof AppError) throw new Error(err.message);
        throw err;
      }
    },
  });
}

let lambda: ReturnType<typeof handle> | undefined;

export const ISSUER_NOT_CONFIGURED = {
  statusCode: 503,
  headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  body: "Sign-in is not set up completely yet. Please try again later.",
  isBase64Encoded: false,
};
let problems: string[] | undefined;

/**
 * The issuer's Lambda: Google as the identity provider. Its startup check runs on the first
 * request: with a setting missing it answers 503 with a plain sentence (the log says what).
 */
export const handler: ReturnType<typeof handle> = async (event, context) => {
  if (!problems) {
    problems = settingProblems(ISSUER_LINKS);
    if (problems.length) logger.error("Sign-in is not configured", { problems });
  }
  // `never`: the handler's declared answer type depends on the event's shape (a generic the
  // annotation hides); this plain answer fits both shapes.
  if (problems.length) return ISSUER_NOT_CONFIGURED as never;
  lambda ??= handle(createIssuer({ provider: googleProvider() }));
  return lambda(event, context);
};
