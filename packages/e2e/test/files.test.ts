import { describe, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import type { Download } from "playwright-core";
import { useBrowser, PHONE, shotsDir } from "../src/browser";
import { signIn } from "../src/sign-in";

/**
 * Secure delivery of a hosted file: a creator uploads a PDF in the product dialog and watches
 * its progress bar, then sells it; a buyer on a phone pays on the sandbox and downloads the
 * very same bytes through the access link on the success page. The bucket itself never
 * answers the buyer without the link's short-lived signature.
 */
const b = useBrowser();
const CREATOR = { email: "pia@e2e.local", name: "Pia Publisher" };
const BUYER = "pdf-reader@e2e.local";
const PRODUCT = "The Print Handbook";

/** A real (tiny) PDF padded with a comment to 1.4 MB, so the upload takes long enough to watch. */
const PDF = Buffer.concat([
  Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n"),
  Buffer.from(`%${"payloft ".repeat(190_000)}\n`),
  Buffer.from("trailer<</Root 1 0 R>>\n%%EOF\n"),
]);

describe("hosted files", () => {
  let productId = "";

  it("a creator uploads a PDF with a progress bar and sells it", { timeout: 180_000 }, async () => {
    const admin = await b.newPage();
    await signIn(admin.page, "admin@demo.local");
    const granted = await admin.page.request.post("/api/admin/users/create", {
      data: { email: CREATOR.email, plan: "pro", is_admin: false, onboarding_completed: true },
    });
    expect(granted.ok(), await granted.text()).toBe(true);
    await admin.context.close();

    const { page, context } = await b.newPage();
    await signIn(page, CREATOR.email, CREATOR.name);
    await page.getByRole("heading", { name: "Your Products" }).waitFor();
    await page.getByRole("button", { name: "Add Product" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Product" });
    await dialog.locator('[name="name"]').fill(PRODUCT);
    await dialog.locator('[name="price"]').fill("12");
    await dialog.getByRole("radio", { name: "Upload a file" }).click();

    // A slow uplink (256 KB/s) so the bar is seen moving, as on a real connection.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    await dialog
      .getByLabel("File")
      .setInputFiles({ name: "print-handbook.pdf", mimeType: "application/pdf", buffer: PDF });
    const bar = dialog.getByRole("progressbar", { name: "Uploading print-handbook.pdf" });
    await bar.waitFor();
    expect(await dialog.getByRole("button", { name: "Uploading..." }).isDisabled()).toBe(true);
    await page.waitForFunction(() => {
      const now = Number(document.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow"));
      return now > 0 && now < 100;
    });
    await dialog.getByTestId("upload-progress").screenshot({ path: `${shotsDir}/files-upload-progress.png` });
    await dialog.getByTestId("uploaded-file").filter({ hasText: "print-handbook.pdf" }).waitFor({ timeout: 30_000 });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await dialog.getByText("1.4 MB · uploaded").waitFor();
    await b.shot(page, "files-upload-done");
    await dialog.getByRole("button", { name: "Create Product" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("heading", { name: PRODUCT }).waitFor();

    const products = (await (await page.request.get("/api/products")).json()) as {
      id: string;
      name: string;
      content_file?: string;
    }[];
    const product = products.find((p) => p.name === PRODUCT)!;
    expect(product.content_file).toMatch(/\/print-handbook\.pdf$/);
    productId = product.id;
    const saved = await page.request.post("/api/payment-integration", {
      data: {
        provider: "stripe",
        is_live: false,
        is_active: true,
        stripe_publishable_key: "pk_test_pia_e2e_account",
        stripe_secret_key: "sk_test_pia_e2e_account",
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await context.close();
  });

  it("the dialog's file choice fits a phone", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await signIn(page, CREATOR.email, CREATOR.name);
    await page.getByRole("heading", { name: "Your Products" }).waitFor();
    await page.getByRole("button", { name: "Add Product" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create New Product" });
    await dialog.getByRole("radio", { name: "Upload a file" }).click();
    await dialog.getByLabel("File").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await b.shot(page, "files-dialog-phone");
    await context.close();
  });

  it("a buyer on a phone pays and downloads the same bytes through the access link", { timeout: 180_000 }, async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await page.goto(`/product/${productId}`);
    const buy = page.getByRole("button", { name: "Buy Now - $12.00" }).first();
    await buy.waitFor();
    expect(await page.content()).not.toContain("print-handbook.pdf");
    await buy.click();
    await page.waitForURL(/\/pay\/cs_test_/);
    await page.locator("#email").fill(BUYER);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor({ timeout: 20_000 });
    expect(await page.content()).not.toContain("print-handbook.pdf");
    await b.shot(page, "files-success-phone");

    const link = page.getByRole("link", { name: "Access Your Content" });
    expect(await link.getAttribute("href")).toMatch(/\/a\/[A-Za-z0-9_-]{32}$/);
    // The link targets a new tab; a download there may be reported on the tab or, when Chromium
    // turns the navigation straight into a download, on this page: take whichever comes first.
    const downloaded = new Promise<Download>((resolve) => {
      page.once("download", resolve);
      context.once("page", (tab) => tab.once("download", resolve));
    });
    await link.click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe("print-handbook.pdf");
    const bytes = await readFile((await download.path())!);
    expect(bytes.equals(PDF)).toBe(true);

    // The file's own address, without the link's signature, is refused by the bucket.
    const bare = new URL(download.url());
    expect(bare.searchParams.get("X-Amz-Expires")).toBe("300");
    const unsigned = await page.request.get(`${bare.origin}${bare.pathname}`);
    expect(unsigned.status()).toBe(403);
    await context.close();
  });
});
