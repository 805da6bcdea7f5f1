import { useMutation } from "@tanstack/react-query";
import type { Files } from "@payloft/core/files/index";
import { apiFetch } from "@/lib/api";

/** POST /api/uploads {filename, content_type, size}: a presigned POST for the bucket, or a 400 saying why not. */
export type UploadTicket = Files.Upload;

export const useCreateUpload = () =>
  useMutation({
    mutationFn: (file: { filename: string; content_type: string; size: number }) =>
      apiFetch<UploadTicket>("/api/uploads", { method: "POST", body: file }),
  });
