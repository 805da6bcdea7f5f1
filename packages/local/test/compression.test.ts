import { request } from "node:http";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { useStack } from "../src/testing/index";

/**
 * The local server compresses the site as CloudFront does in front of it (SST's Router:
 * `compress: true`, brotli and gzip accepted): text over 1,000 bytes goes brotli when the
 * viewer takes it, else gzip; pictures and small files go as they are. Read with node:http,
 * which (unlike fetch) hands back the bytes as sent.
 */
const dist = mkdtempSync(join(tmpdir(), "payloft-compress-"));
mkdirSync(join(dist, "assets"));
const script = `export const words = ${JSON.stringify("buy once, keep forever ".repeat(200))};\n`;
writeFileSync(join(dist, "assets", "app-abc123.js"), script);
writeFileSync(join(dist, "assets", "tiny-abc123.js"), "export const x = 1;\n");
const picture = Buffer.alloc(4_000, 7);
writeFileSync(join(dist, "cover.png"), picture);
writeFileSync(join(dist, "index.html"), `<!doctype html><title>t</title>${"<p>app</p>".repeat(200)}`);

const stack = useStack({ webDist: dist });

function get(path: string, acceptEncoding?: string) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(
      `${stack().url}${path}`,
      { headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("compression of the site", () => {
  it("sends text brotli when the viewer takes it, and says so to caches", async () => {
    const res = await get("/assets/app-abc123.js", "gzip, deflate, br, zstd");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(res.headers["content-type"]).toBe("text/javascript");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it("gzip when brotli is not taken, or refused with q=0", async () => {
    for (const accept of ["gzip, deflate", "br;q=0, gzip"]) {
      const res = await get("/assets/app-abc123.js", accept);
      expect(res.headers["content-encoding"], accept).toBe("gzip");
      expect(gunzipSync(res.body).toString(), accept).toBe(script);
    }
  });

  it("the page shell the app answers client routes with, too", async () => {
    const res = await get("/dashboard", "br");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(res.body).toString()).toContain("<p>app</p>");
  });

  it("as it is to a viewer that takes neither, and for pictures and files under 1,000 bytes", async () => {
    const plain = await get("/assets/app-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    const png = await get("/cover.png", "gzip, br");
    expect(png.headers["content-encoding"]).toBeUndefined();
    expect(png.body.equals(picture)).toBe(true);
    const tiny = await get("/assets/tiny-abc123.js", "gzip, br");
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body.toString()).toBe("export const x = 1;\n");
  });
});
