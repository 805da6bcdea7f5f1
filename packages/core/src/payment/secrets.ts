import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { Resource } from "sst";

/**
 * Sellers' payment secrets are encrypted at rest with AES-256-GCM under the stage's
 * EncryptionKey secret (base64 of 32 bytes) and never returned in clear (DECISIONS 9).
 * Stored form: "v1:<iv>:<tag>:<ciphertext>" (base64 parts).
 */
function key(): Buffer {
  const k = Buffer.from(Resource.EncryptionKey.value, "base64");
  if (k.length !== 32) throw new Error("EncryptionKey must be base64 of 32 bytes");
  return k;
}

export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64"), cipher.getAuthTag().toString("base64"), data.toString("base64")].join(":");
}

export function decryptSecret(stored: string): string {
  const [version, iv, tag, data] = stored.split(":");
  if (version !== "v1" || !iv || !tag || !data) throw new Error("Unrecognised encrypted secret format");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64"));
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64")), decipher.final()]).toString("utf8");
}

/** "sk_live_51Hx...4242" -> "sk_live_...4242": enough to recognise a key, not to use it. */
export function maskKey(key: string | undefined | null): string {
  if (!key) return "";
  const prefix = /^(sk|pk|rk|whsec)_(test|live)_/.exec(key)?.[0] ?? key.slice(0, 3);
  return `${prefix}...${key.slice(-4)}`;
}
