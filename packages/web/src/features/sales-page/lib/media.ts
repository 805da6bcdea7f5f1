/** Media helpers of the sales page (spec part 1 §2 "Media by media_type"). */

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The video id of a YouTube watch, youtu.be, embed or shorts link; null when none. */
export function youtubeId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www\.|m\.|music\.)/, "");
  let id: string | null | undefined = null;
  if (host === "youtu.be") id = url.pathname.split("/")[1];
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const [, first, second] = url.pathname.split("/");
    if (first === "watch") id = url.searchParams.get("v");
    else if (first === "embed" || first === "shorts" || first === "live" || first === "v") id = second;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

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
