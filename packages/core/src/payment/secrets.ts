import { Resource } from "sst";
import { seal, unseal } from "../crypto/seal";

/**
 * Sellers' payment secrets are encrypted at rest with AES-256-GCM under the stage's
 * EncryptionKey secret (base64 of 32 bytes) and never returned in clear (rule: Sellers' keys).
 */
export const encryptSecret = (plain: string) => seal(plain, Resource.EncryptionKey.value, "EncryptionKey");

export const decryptSecret = (stored: string) => unseal(stored, Resource.EncryptionKey.value, "EncryptionKey");

/** "sk_live_51Hx...4242" -> "sk_live_...4242": enough to recognise a key, not to use it. */
export function maskKey(key: string | undefined | null): string {
  if (!key) return "";
  const prefix = /^(sk|pk|rk|whsec)_(test|live)_/.exec(key)?.[0] ?? key.slice(0, 3);
  return `${prefix}...${key.slice(-4)}`;
}
