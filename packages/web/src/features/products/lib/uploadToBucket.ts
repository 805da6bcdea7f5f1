import type { UploadTicket } from "@/features/products/api/useCreateUpload";

/**
 * Sends a file straight to the bucket with the presigned POST's form fields (the file last,
 * as S3 requires). XMLHttpRequest rather than fetch because only it reports upload progress.
 * Resolves when the bucket has stored it; rejects with a sentence a person can act on.
 */
export function uploadToBucket(
  ticket: UploadTicket,
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    form.append("file", file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", ticket.url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(bucketError(xhr.status, xhr.responseText)));
    xhr.onerror = () => reject(new Error("The upload was interrupted. Check your connection and try again."));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

function bucketError(status: number, body: string): string {
  const code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1];
  if (code === "EntityTooLarge") return "The file changed size while uploading. Choose it again.";
  if (status === 403 && /expired/i.test(body)) return "The upload took too long to start. Please try again.";
  return "The upload did not go through. Please try again.";
}
