import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * AES-256-GCM under a 32-byte key given as base64 (a stage secret), with a fresh IV per
 * value. Stored form: "v1:<iv>:<tag>:<ciphertext>" (base64 parts). Used for sellers' payment
 * keys (payment/secrets.ts) and the sign-in issuer's signing keys (user/auth-storage.ts), each
 * under its own secret.
 */
function keyFrom(base64: string, name: string): Buffer {
  const k = Buffer.from(base64, "base64");
  if (k.length !== 32) throw new Error(`${name} must be base64 of 32 bytes (openssl rand -base64 32)`);
  return k;
}

export function seal(plain: string, keyBase64: string, keyName: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(keyBase64, keyName), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64"), cipher.getAuthTag().toString("base64"), data.toString("base64")].join(":");
}

export function unseal(stored: string, keyBase64: string, keyName: string): string {
  const [version, iv, tag, data] = stored.split(":");
  if (version !== "v1" || !iv || !tag || !data) throw new Error("Unrecognised encrypted value format");
  const decipher = createDecipheriv("aes-256-gcm", keyFrom(keyBase64, keyName), Buffer.from(iv, "base64"));
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64")), decipher.final()]).toString("utf8");
}

export const isSealed = (value: string) => /^v1:[^:]+:[^:]+:[^:]*$/.test(value);
