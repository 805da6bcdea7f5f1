import { createSign, createVerify, generateKeyPairSync, type KeyObject } from "node:crypto";
import { crc32 } from "node:zlib";

/**
 * PayPal signs each webhook delivery with its private key (SHA256withRSA) over
 * "<transmission id>|<transmission time>|<webhook id>|<CRC32 of the body, decimal>", and the
 * receiver asks verify-webhook-signature whether the headers fit the event. The sandbox makes
 * its own key pair at start and publishes the public key at the cert URL it sends.
 */
export const AUTH_ALGO = "SHA256withRSA";

export interface TransmissionHeaders {
  "paypal-transmission-id": string;
  "paypal-transmission-time": string;
  "paypal-transmission-sig": string;
  "paypal-cert-url": string;
  "paypal-auth-algo": string;
}

export class Signer {
  private readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;

  constructor(readonly certUrl: string) {
    const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  static message(transmissionId: string, time: string, webhookId: string, body: string) {
    return `${transmissionId}|${time}|${webhookId}|${crc32(Buffer.from(body, "utf8"))}`;
  }

  sign(transmissionId: string, time: string, webhookId: string, body: string): string {
    return createSign("RSA-SHA256")
      .update(Signer.message(transmissionId, time, webhookId, body))
      .sign(this.privateKey, "base64");
  }

  /**
   * What verify-webhook-signature checks. The event arrives re-parsed, so its CRC is taken over
   * its compact JSON: the exact bytes the sandbox delivered (it sends compact JSON too).
   */
  verify(input: {
    auth_algo: string;
    cert_url: string;
    transmission_id: string;
    transmission_sig: string;
    transmission_time: string;
    webhook_id: string;
    webhook_event: unknown;
  }): boolean {
    if (input.auth_algo !== AUTH_ALGO || input.cert_url !== this.certUrl) return false;
    const message = Signer.message(
      input.transmission_id,
      input.transmission_time,
      input.webhook_id,
      JSON.stringify(input.webhook_event),
    );
    try {
      return createVerify("RSA-SHA256").update(message).verify(this.publicKey, input.transmission_sig, "base64");
    } catch {
      return false;
    }
  }

  publicPem(): string {
    return this.publicKey.export({ type: "spki", format: "pem" }).toString();
  }
}
