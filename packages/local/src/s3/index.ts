import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FILES_BUCKET_ACTIONS, FILES_OBJECT_ACTIONS } from "@payloft/core/permissions";
import { bindServer, closeServer } from "../ports";
import { s3Requests } from "./server";
import { objectStore } from "./store";

/**
 * The offline runtime's S3: one private bucket for hosted files, served on its own origin
 * (like a real bucket's), with fresh credentials per start that only the local stack knows,
 * allowed the calls the Lambdas' role is granted in AWS and no others.
 * `dataDir` keeps objects across restarts (npm start); without it they live in a temporary
 * folder removed on stop (tests).
 */
export interface LocalS3Options {
  port: number;
  bucket: string;
  region: string;
  /** Origins allowed to call the bucket from a browser (the site). */
  allowedOrigins: string[];
  dataDir?: string | null;
  /** IAM actions the Lambdas' credentials hold; by default exactly what infra/links.ts grants. */
  granted?: readonly string[];
}

export async function startLocalS3(opts: LocalS3Options) {
  const temporary = !opts.dataDir;
  const root = opts.dataDir ?? (await mkdtemp(join(tmpdir(), "payloft-s3-")));
  const creds = {
    accessKeyId: `LOCAL${randomBytes(8).toString("hex").toUpperCase()}`,
    secretAccessKey: randomBytes(30).toString("base64"),
    region: opts.region,
  };
  const store = objectStore(root, [opts.bucket]);
  const granted = opts.granted ?? [...FILES_OBJECT_ACTIONS, ...FILES_BUCKET_ACTIONS];
  const { server, url } = await bindServer(opts.port, "the local S3 (hosted files)");
  server.on("request", s3Requests({ store, creds, granted, allowedOrigins: opts.allowedOrigins }));
  return {
    url,
    bucket: opts.bucket,
    credentials: creds,
    /** The stored objects, read directly (tests check tags and sizes without signing). */
    objects: store,
    async stop() {
      await closeServer(server);
      if (temporary) await rm(root, { recursive: true, force: true });
    },
  };
}

export type LocalS3 = Awaited<ReturnType<typeof startLocalS3>>;
