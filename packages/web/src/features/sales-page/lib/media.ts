/** Media helpers of the sales page. */

export { youtubeId } from "@payloft/core/product/media";

/** https://x/a/movie.mp4 -> https://x/a/movie-poster.jpg (the file name, '-poster.jpg' appended). */
export function posterFor(videoUrl: string): string {
  try {
    const url = new URL(videoUrl);
    const parts = url.pathname.split("/");
    const file = parts.pop() ?? "";
    const base = file.includes(".") ? file.slice(0, file.lastIndexOf(".")) : file;
    parts.push(`${base}-poster.jpg`);
    url.pathname = parts.join("/");
    url.search = "";
    url.hash = "";
    return url.toString();
  } catch {
    return "";
  }
}

/** The <source> type of an mp4, webm or ogg file; undefined lets the browser sniff. */
export function videoType(videoUrl: string): string | undefined {
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(videoUrl)?.[1]?.toLowerCase();
  if (ext === "mp4" || ext === "m4v") return "video/mp4";
  if (ext === "webm") return "video/webm";
  if (ext === "ogg" || ext === "ogv") return "video/ogg";
  return undefined;
}
