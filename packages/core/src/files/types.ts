/**
 * What a creator may upload as a product's file: PDF, ZIP, audio, video, e-books and images.
 * Pure data and functions (no SDK), so the product dialog imports the same list for its
 * file picker and to name a type the browser left blank. SVG and HTML are left out on
 * purpose: they can carry script.
 */
export const UPLOAD_TYPES = {
  "application/pdf": { kind: "PDF", extensions: ["pdf"] },
  "application/zip": { kind: "ZIP", extensions: ["zip"] },
  "application/x-zip-compressed": { kind: "ZIP", extensions: ["zip"] },
  "audio/mpeg": { kind: "audio", extensions: ["mp3"] },
  "audio/mp4": { kind: "audio", extensions: ["m4a"] },
  "audio/x-m4a": { kind: "audio", extensions: ["m4a"] },
  "audio/wav": { kind: "audio", extensions: ["wav"] },
  "audio/x-wav": { kind: "audio", extensions: ["wav"] },
  "audio/ogg": { kind: "audio", extensions: ["ogg", "oga"] },
  "audio/flac": { kind: "audio", extensions: ["flac"] },
  "audio/aac": { kind: "audio", extensions: ["aac"] },
  "video/mp4": { kind: "video", extensions: ["mp4", "m4v"] },
  "video/webm": { kind: "video", extensions: ["webm"] },
  "video/quicktime": { kind: "video", extensions: ["mov"] },
  "application/epub+zip": { kind: "e-book", extensions: ["epub"] },
  "application/x-mobipocket-ebook": { kind: "e-book", extensions: ["mobi"] },
  "image/png": { kind: "image", extensions: ["png"] },
  "image/jpeg": { kind: "image", extensions: ["jpg", "jpeg"] },
  "image/gif": { kind: "image", extensions: ["gif"] },
  "image/webp": { kind: "image", extensions: ["webp"] },
} as const satisfies Record<string, { kind: string; extensions: readonly string[] }>;

export type UploadType = keyof typeof UPLOAD_TYPES;

export const UPLOAD_KINDS_TEXT = "PDF, ZIP, audio, video, e-book (EPUB, MOBI) or image";

/** For a file input's `accept`: every allowed extension and type. */
export const UPLOAD_ACCEPT = [
  ...new Set(Object.values(UPLOAD_TYPES).flatMap((t) => t.extensions.map((e) => `.${e}`))),
  ...Object.keys(UPLOAD_TYPES),
].join(",");

export const isUploadType = (type: string): type is UploadType => Object.hasOwn(UPLOAD_TYPES, type);

export const extensionOf = (filename: string) => /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? "";

/** The allowed type for a file name's extension (browsers leave `File.type` empty for some, e.g. .mobi). */
export function uploadTypeFor(filename: string): UploadType | undefined {
  const ext = extensionOf(filename);
  return (Object.keys(UPLOAD_TYPES) as UploadType[]).find((t) =>
    (UPLOAD_TYPES[t].extensions as readonly string[]).includes(ext),
  );
}

export const MB = 1024 * 1024;

/** "2.4 MB", "812 KB", "50 GB": sizes as people read them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 || Number.isInteger(value) ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/**
 * Uploads arrive tagged pending; saving a product with the file retags it attached. The
 * bucket's lifecycle rule deletes objects still pending after ABANDONED_UPLOAD_DAYS (a file
 * uploaded in a dialog that was then closed), so only files of saved products stay.
 */
export const UPLOAD_TAG = { key: "payloft-upload", pending: "pending", attached: "attached" } as const;
export const ABANDONED_UPLOAD_DAYS = 2;
