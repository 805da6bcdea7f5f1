import { randomUUID } from "node:crypto";
import { GetObjectCommand, HeadObjectCommand, PutObjectTaggingCommand } from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import * as z from "zod";
import { userById } from "../user/read";
import { ForbiddenError, ValidationError } from "../errors";
import { requireFeature } from "../plan/gate";
import { Setting } from "../setting/index";
import { parseInput } from "../validation";
import { bucketName, s3 } from "./s3";
import {
  MB,
  UPLOAD_KINDS_TEXT,
  UPLOAD_TAG,
  UPLOAD_TYPES,
  extensionOf,
  formatBytes,
  isUploadType,
  type UploadType,
} from "./types";

/**
 * Hosted product files in the private bucket. The browser uploads straight to S3 with a
 * presigned POST whose policy binds the declared size, type and key (so the upload cannot
 * be swapped for something bigger or of another type); saving a product attaches the file;
 * buyers get it only through a presigned GET that lives a few minutes (issued by an access link).
 */
export namespace Files {
  /** How long the browser has to start the upload. */
  const UPLOAD_WINDOW_S = 15 * 60;
  /** How long a download link handed to a buyer works: enough to start the download, not to share. */
  export const DOWNLOAD_WINDOW_S = 5 * 60;
  const PENDING_TAGGING = `<Tagging><TagSet><Tag><Key>${UPLOAD_TAG.key}</Key><Value>${UPLOAD_TAG.pending}</Value></Tag></TagSet></Tagging>`;

  export const UploadInput = z.object({
    filename: z
      .string("Please choose a file to upload (filename).")
      .trim()
      .min(1, "Please choose a file to upload (filename).")
      .max(200, "The file name must be at most 200 characters. Rename the file and try again."),
    content_type: z.string("content_type must be text, e.g. application/pdf.").trim().optional().default(""),
    size: z
      .number("size must be the file's size in bytes.")
      .int("size must be a whole number of bytes.")
      .positive("This file is empty. Please choose another file."),
  });

  export interface Upload {
    /** Where the browser POSTs the form (the bucket). */
    url: string;
    key: string;
    /** Form fields to send before the file, exactly as given. */
    fields: Record<string, string>;
    method: "POST";
    max_size: number;
    expires_at: string;
  }

  /** A file as a product carries it. */
  export interface Attached {
    key: string;
    name: string;
    size: number;
    content_type: string;
  }

  /** Keeps letters, digits, dot, dash, underscore and space; the rest becomes "_". */
  const safeName = (filename: string) =>
    filename
      .replace(/[^A-Za-z0-9._ -]/g, "_")
      .replace(/^[.\s]+/, "")
      .slice(-120) || "file";

  const KEY_PATTERN = /^files\/([A-Za-z0-9_-]{1,64})\/([0-9a-f-]{36})\/([^/]{1,120})$/;

  /** POST /api/uploads: checks type and size against the platform's max_file_size, then presigns. */
  export async function createUpload(creatorId: string, input: unknown): Promise<Upload> {
    const { filename, content_type, size } = parseInput(UploadInput, input, { prefixField: true });
    const user = await userById(creatorId);
    if (!user) throw new ForbiddenError("Please finish setting up your account before uploading files.");
    requireFeature(user, "hosted_files");
    if (!content_type)
      throw new ValidationError(
        `We could not tell what kind of file this is. Upload a ${UPLOAD_KINDS_TEXT} file.`,
        "upload.type_missing",
      );
    if (!isUploadType(content_type))
      throw new ValidationError(
        `Files of type ${content_type.slice(0, 100)} cannot be uploaded. Upload a ${UPLOAD_KINDS_TEXT} file.`,
        "upload.type_refused",
      );
    const type: UploadType = content_type;
    const allowed: readonly string[] = UPLOAD_TYPES[type].extensions;
    if (!allowed.includes(extensionOf(filename)))
      throw new ValidationError(
        `The file name should end in .${allowed.join(" or .")} for a ${UPLOAD_TYPES[type].kind} file. Rename it and try again.`,
        "upload.extension_mismatch",
      );
    const maxSize = (await Setting.number("max_file_size")) * MB;
    if (size > maxSize)
      throw new ValidationError(
        `This file is ${formatBytes(size)}; files can be at most ${formatBytes(maxSize)}.`,
        "upload.too_large",
        { max_size: maxSize },
      );

    const key = `files/${creatorId}/${randomUUID()}/${safeName(filename)}`;
    const post = await createPresignedPost(s3(), {
      Bucket: bucketName(),
      Key: key,
      Conditions: [
        // Exactly the declared size and type; the policy's signature covers both.
        ["content-length-range", size, size],
        ["eq", "$Content-Type", type],
        ["eq", "$tagging", PENDING_TAGGING],
      ],
      Fields: { "Content-Type": type, tagging: PENDING_TAGGING },
      Expires: UPLOAD_WINDOW_S,
    });
    return {
      url: post.url,
      key,
      fields: post.fields,
      method: "POST",
      max_size: maxSize,
      expires_at: new Date(Date.now() + UPLOAD_WINDOW_S * 1000).toISOString(),
    };
  }

  const notUploaded = () =>
    new ValidationError("We could not find the uploaded file. Please upload it again.", "upload.missing");

  /**
   * Saving a product with an uploaded file, first step: the key must be one of this creator's
   * uploads and the upload must have arrived. Nothing is changed yet, so a save that then
   * fails (plan limit) leaves the upload to the clean-up.
   */
  export async function check(creatorId: string, key: string): Promise<Attached> {
    const m = KEY_PATTERN.exec(key);
    if (!m || m[1] !== creatorId) throw notUploaded();
    try {
      const head = await s3().send(new HeadObjectCommand({ Bucket: bucketName(), Key: key }));
      return { key, name: m[3]!, size: head.ContentLength ?? 0, content_type: head.ContentType ?? "" };
    } catch (err) {
      if ((err as { name?: string }).name === "NotFound") throw notUploaded();
      throw err;
    }
  }

  /** Second step, once the product is saved: the file is kept (tagged attached, out of the clean-up). */
  export async function keep(key: string): Promise<void> {
    await s3().send(
      new PutObjectTaggingCommand({
        Bucket: bucketName(),
        Key: key,
        Tagging: { TagSet: [{ Key: UPLOAD_TAG.key, Value: UPLOAD_TAG.attached }] },
      }),
    );
  }

  /** A short-lived download of a hosted file, saved under its own name. */
  export function downloadUrl(file: { key: string; name?: string }): Promise<string> {
    // Stored names are already reduced to safe characters (safeName), so they quote as-is.
    const name = safeName(file.name || file.key.split("/").pop() || "download");
    return getSignedUrl(
      s3(),
      new GetObjectCommand({
        Bucket: bucketName(),
        Key: file.key,
        ResponseContentDisposition: `attachment; filename="${name}"`,
      }),
      { expiresIn: DOWNLOAD_WINDOW_S },
    );
  }
}
