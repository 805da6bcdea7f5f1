import { posterFor, videoType, youtubeId } from "@/features/sales-page/lib/media";

const frame = "overflow-hidden rounded-2xl bg-slate-900 shadow-lg ring-1 ring-slate-900/5";

/**
 * The media block by media_type. Embed HTML is rendered only inside a sandboxed iframe
 * without allow-same-origin (rule: Sandboxed embeds), so it can never act as the signed-in buyer. The
 * frame loads it from its own route (not srcdoc, which would inherit this page's strict CSP
 * and block the embed's own scripts and players).
 */
export function ProductMedia({
  productId,
  type,
  url,
  title,
}: {
  productId: string;
  type: string;
  url: string;
  title: string;
}) {
  if (!url) return null;
  switch (type) {
    case "image":
      return (
        // The image's own size is unknown until it arrives: the 16:9 box (the skeleton's and the
        // videos') is reserved up front and the picture fits inside it whole, so nothing below moves.
        // It is the page's largest paint: fetched at high priority, not queued behind the scripts.
        <figure className={`${frame} aspect-video bg-slate-100`}>
          <img
            src={url}
            alt={title}
            width={1280}
            height={720}
            fetchPriority="high"
            className="h-full w-full object-contain"
          />
        </figure>
      );
    case "youtube": {
      const id = youtubeId(url);
      if (!id) return null;
      return (
        <div className={`${frame} aspect-video`}>
          <iframe
            src={`https://www.youtube-nocookie.com/embed/${id}`}
            title={`${title} video`}
            className="h-full w-full"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            allowFullScreen
            loading="lazy"
          />
        </div>
      );
    }
    case "video":
      return (
        <div className={frame}>
          {/* Sellers upload plain video files; there is no caption track to offer. */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
          <video
            controls
            preload="metadata"
            playsInline
            poster={posterFor(url) || undefined}
            className="aspect-video w-full"
          >
            <source src={url} type={videoType(url)} />
            Your browser cannot play this video.
          </video>
        </div>
      );
    case "embed":
      return (
        <div className={`${frame} bg-white`}>
          <iframe
            sandbox="allow-scripts allow-popups"
            src={`/api/public/products/${encodeURIComponent(productId)}/embed`}
            title={`${title} embedded content`}
            className="block min-h-[360px] w-full"
            loading="lazy"
          />
        </div>
      );
    default:
      return null;
  }
}
