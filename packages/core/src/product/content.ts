import type { ProductItem } from "../db/entities";
import type { Files } from "../files/index";
import { ValidationError } from "../errors";

/**
 * What a product delivers: the creator's link, or a file hosted in the bucket. The bucket is
 * reached only through the `files` a caller hands in (the create route does), so the many
 * Lambdas that read products never link the bucket (least privilege).
 */
export type HostedFiles = Pick<typeof Files, "check" | "keep">;

export type Content =
  { content_url: string } | { content_file: string; content_file_name: string; content_file_size: number };

/** The content a new product stores: an uploaded file is checked (the creator's own, arrived). */
export async function contentFor(
  creatorId: string,
  input: { content_url: string; content_file?: string },
  files?: HostedFiles,
): Promise<Content> {
  if (!input.content_file) return { content_url: input.content_url };
  if (!files) throw new ValidationError("Uploaded files cannot be attached here. Use a content URL.");
  const file = await files.check(creatorId, input.content_file);
  return { content_file: file.key, content_file_name: file.name, content_file_size: file.size };
}

/** The owner's view of the content (nobody else sees it, rule: Access links). */
export function ownerContent(p: ProductItem) {
  if (!p.content_file) return { content_url: p.content_url ?? "" };
  return {
    content_file: p.content_file,
    content_file_name: p.content_file_name,
    content_file_size: p.content_file_size,
  };
}
