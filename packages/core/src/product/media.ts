/**
 * Pure media helpers shared by the server (share previews, store cards) and the sales page
 * (which imports this file directly; it must stay free of server code).
 */
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

/** A still picture of a product's media (an image, or a YouTube video's thumbnail); null otherwise. */
export function mediaImage(type: string, url: string | undefined | null): string | null {
  if (!url) return null;
  if (type === "image") return url;
  if (type === "youtube") {
    const id = youtubeId(url);
    return id ? `https://i.ytimg.com/vi/${id}/hqdefault.jpg` : null;
  }
  return null;
}
