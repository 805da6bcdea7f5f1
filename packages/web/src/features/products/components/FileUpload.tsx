import { useEffect, useRef, useState } from "react";
import { UPLOAD_ACCEPT, formatBytes, isUploadType, uploadTypeFor } from "@payloft/core/files/types";
import { Button } from "@/components/ui/Button";
import { useField } from "@/components/ui/Field";
import { IconCheck } from "@/components/ui/icons";
import { useCreateUpload } from "@/features/products/api/useCreateUpload";
import { uploadToBucket } from "@/features/products/lib/uploadToBucket";

export interface UploadedFile {
  key: string;
  name: string;
  size: number;
}

/**
 * The product's file: pick it, watch it go straight to the bucket with a progress bar, then
 * replace or remove it. Used inside a <Field>, whose label names the file input. The parent
 * learns about the upload through `onBusyChange` (saving waits for it) and `onChange`.
 */
export function FileUpload({
  value,
  onChange,
  onBusyChange,
}: {
  value: UploadedFile | null;
  onChange: (file: UploadedFile | null) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const field = useField();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const createUpload = useCreateUpload();
  const [uploading, setUploading] = useState<{ name: string; progress: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState("");

  useEffect(() => () => abort.current?.abort(), []); // a closed dialog stops its upload

  const start = async (file: File) => {
    setError(null);
    setAnnounce("");
    // Some browsers leave the type blank or generic (.mobi, .epub): name it from the extension.
    const content_type = isUploadType(file.type) ? file.type : (uploadTypeFor(file.name) ?? file.type);
    const controller = new AbortController();
    abort.current = controller;
    setUploading({ name: file.name, progress: 0 });
    onBusyChange(true);
    try {
      const ticket = await createUpload.mutateAsync({ filename: file.name, content_type, size: file.size });
      await uploadToBucket(ticket, file, (progress) => setUploading({ name: file.name, progress }), controller.signal);
      onChange({ key: ticket.key, name: file.name, size: file.size });
      setAnnounce(`${file.name} uploaded.`);
    } catch (err) {
      const cancelled = err instanceof DOMException && err.name === "AbortError";
      if (!cancelled) setError(err instanceof Error ? err.message : "The upload did not go through. Please try again.");
    } finally {
      abort.current = null;
      setUploading(null);
      onBusyChange(false);
      if (input.current) input.current.value = "";
    }
  };

  const percent = uploading ? Math.round(uploading.progress * 100) : 0;
  return (
    <div className="space-y-2">
      <input
        ref={input}
        id={field?.id}
        type="file"
        name="content_file"
        accept={UPLOAD_ACCEPT}
        aria-describedby={field?.describedBy}
        disabled={Boolean(uploading)}
        className={
          value || uploading
            ? "sr-only"
            : "block w-full cursor-pointer rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3 text-sm text-slate-600 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-600 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-white hover:border-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        }
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void start(file);
        }}
      />
      {uploading && (
        <div className="rounded-lg border border-slate-200 p-3" data-testid="upload-progress">
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="min-w-0 truncate font-medium text-slate-800">{uploading.name}</span>
            <span className="shrink-0 tabular-nums text-slate-600">{percent}%</span>
          </div>
          <div
            role="progressbar"
            aria-label={`Uploading ${uploading.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => abort.current?.abort()}>
            Cancel upload
          </Button>
        </div>
      )}
      {value && !uploading && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm">
          <IconCheck className="h-5 w-5 shrink-0 text-emerald-600" />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium text-slate-900" data-testid="uploaded-file">
              {value.name}
            </span>
            <span className="text-slate-600">{formatBytes(value.size)} · uploaded</span>
          </span>
          <span className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
              Replace
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
              Remove
            </Button>
          </span>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announce}
      </p>
    </div>
  );
}
