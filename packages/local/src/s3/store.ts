import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Transform } from "node:stream";

/**
 * The local bucket's objects on disk: one data file and one JSON metadata file per key,
 * named by the key's hash (keys can be longer than a file name may be). A write streams to
 * a temporary file and is renamed into place only once complete and accepted, so a refused
 * or broken upload never replaces or half-writes an object.
 */
export interface ObjectMeta {
  key: string;
  size: number;
  /** Quoted MD5 of the bytes, as S3 reports it for single-part objects. */
  etag: string;
  contentType: string;
  lastModified: string;
  tags: Record<string, string>;
}

export interface Staged {
  path: string;
  size: number;
  md5: string;
  sha256: string;
}

export class TooLarge extends Error {}

export function objectStore(root: string, buckets: string[]) {
  const name = (key: string) => createHash("sha256").update(key).digest("hex");
  const dataPath = (bucket: string, key: string) => join(root, bucket, `${name(key)}.bin`);
  const metaPath = (bucket: string, key: string) => join(root, bucket, `${name(key)}.json`);
  const ready = Promise.all(buckets.map((b) => mkdir(join(root, b), { recursive: true })));

  return {
    hasBucket: (bucket: string) => buckets.includes(bucket),

    /**
     * Streams a body to a temporary file, hashing as it goes; refuses more than `maxSize` bytes.
     * A body over the limit is still read to its end (and dropped), never cut off: destroying
     * a multipart file stream mid-form stalled the form parser, and the uploader got no answer
     * instead of S3's EntityTooLarge.
     */
    async stage(bucket: string, body: Readable, maxSize = Number.POSITIVE_INFINITY): Promise<Staged> {
      await ready;
      const path = join(root, bucket, `.tmp-${randomUUID()}`);
      const md5 = createHash("md5");
      const sha = createHash("sha256");
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > maxSize) return done();
          md5.update(chunk);
          sha.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(body, meter, createWriteStream(path));
        if (size > maxSize) throw new TooLarge();
      } catch (err) {
        await rm(path, { force: true });
        throw err;
      }
      return { path, size, md5: md5.digest("hex"), sha256: sha.digest("hex") };
    },

    discard: (staged: Staged) => rm(staged.path, { force: true }),

    async commit(bucket: string, key: string, staged: Staged, contentType: string, tags: Record<string, string> = {}) {
      const meta: ObjectMeta = {
        key,
        size: staged.size,
        etag: `"${staged.md5}"`,
        contentType,
        lastModified: new Date().toUTCString(),
        tags,
      };
      await rename(staged.path, dataPath(bucket, key));
      await writeFile(metaPath(bucket, key), JSON.stringify(meta));
      return meta;
    },

    async head(bucket: string, key: string): Promise<ObjectMeta | null> {
      await ready;
      try {
        const meta = JSON.parse(await readFile(metaPath(bucket, key), "utf8")) as ObjectMeta;
        await stat(dataPath(bucket, key));
        return meta;
      } catch {
        return null;
      }
    },

    dataPath,

    async setTags(bucket: string, key: string, tags: Record<string, string>) {
      const meta = await this.head(bucket, key);
      if (!meta) return false;
      await writeFile(metaPath(bucket, key), JSON.stringify({ ...meta, tags }));
      return true;
    },

    async remove(bucket: string, key: string) {
      await rm(dataPath(bucket, key), { force: true });
      await rm(metaPath(bucket, key), { force: true });
    },
  };
}

export type ObjectStore = ReturnType<typeof objectStore>;

/** `<Tagging><TagSet><Tag><Key>k</Key><Value>v</Value></Tag>…` → {k: v}. */
export function parseTagging(xml: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const m of xml.matchAll(/<Tag>\s*<Key>([^<]*)<\/Key>\s*<Value>([^<]*)<\/Value>\s*<\/Tag>/g)) tags[m[1]!] = m[2]!;
  return tags;
}
