import type { StorageAdapter } from "@openauthjs/openauth/storage/storage";
import { Resource } from "sst";
import { AuthStoreEntity } from "../db/entities";
import { isSealed, seal, unseal } from "../crypto/seal";

/**
 * OpenAuth's storage (signing/encryption keys, sealed; authorization codes, refresh tokens) on the
 * app table through our own DynamoDB client, so the issuer Lambda and the local issuer use
 * the same code: locally it lands in DynamoDB Local (sessions survive `npm start` restarts),
 * in AWS in the linked table. OpenAuth's own DynamoStorage signs requests with env
 * credentials only and cannot be pointed at our client, hence this adapter.
 *
 * Key layout mirrors DynamoStorage: the first two key parts form the partition, the rest the
 * sort key, so `scan(prefix)` is a Query (never a Scan).
 */
const SEP = String.fromCharCode(31);

function split(key: string[]) {
  if (key.length <= 2) return { ns: key[0] ?? "", key: key[1] ?? "" };
  return { ns: key.slice(0, 2).join(SEP), key: key.slice(2).join(SEP) };
}

/**
 * The issuer's private keys (token signing, and encryption) are sealed under AuthStorageKey,
 * a secret only the issuer is linked to: every API Lambda can read the table, and whoever
 * holds the signing key can mint a session for anyone, admins included.
 */
const KEY_NAMESPACES = new Set(["signing:key", "encryption:key", "oauth:key"]);
const isKeyMaterial = (ns: string) => KEY_NAMESPACES.has(ns.split(SEP)[0] ?? "");

function encode(ns: string, value: unknown): string {
  const json = JSON.stringify(value);
  return isKeyMaterial(ns) ? seal(json, Resource.AuthStorageKey.value, "AuthStorageKey") : json;
}

/** Reads a stored value; key material stored in clear (before sealing existed) is sealed now. */
async function decode(item: { ns: string; key: string; value: string; expires_at?: number }): Promise<unknown> {
  if (isSealed(item.value)) return JSON.parse(unseal(item.value, Resource.AuthStorageKey.value, "AuthStorageKey"));
  const value: unknown = JSON.parse(item.value);
  if (isKeyMaterial(item.ns))
    await AuthStoreEntity.put({
      ns: item.ns,
      key: item.key,
      value: encode(item.ns, value),
      expires_at: item.expires_at,
    }).go();
  return value;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const alive = (expires?: number) => expires === undefined || expires > nowSeconds();

export function AuthStorage(): StorageAdapter {
  return {
    async get(key) {
      const item = (await AuthStoreEntity.get(split(key)).go()).data;
      if (!item || !alive(item.expires_at)) return undefined;
      return (await decode(item)) as Record<string, unknown>;
    },
    async set(key, value, expiry) {
      const parts = split(key);
      await AuthStoreEntity.put({
        ...parts,
        value: encode(parts.ns, value),
        expires_at: expiry ? Math.floor(expiry.getTime() / 1000) : undefined,
      }).go();
    },
    async remove(key) {
      await AuthStoreEntity.delete(split(key)).go();
    },
    async *scan(prefix) {
      // One-part prefixes ("signing:key") are a whole partition; longer ones add a sort-key prefix.
      const ns = prefix.length >= 2 ? prefix.slice(0, 2).join(SEP) : (prefix[0] ?? "");
      const skPrefix = prefix.length > 2 ? prefix.slice(2).join(SEP) : "";
      let cursor: string | null = null;
      do {
        const base = AuthStoreEntity.query.primary({ ns });
        const query = skPrefix ? base.begins({ key: skPrefix }) : base;
        const page: { data: { ns: string; key: string; value: string; expires_at?: number }[]; cursor: string | null } =
          await query.go({ cursor });
        for (const item of page.data) {
          if (!alive(item.expires_at)) continue;
          const parts = [...item.ns.split(SEP), ...(item.key ? item.key.split(SEP) : [])];
          yield [parts, (await decode(item)) as Record<string, unknown>];
        }
        cursor = page.cursor;
      } while (cursor);
    },
  };
}
