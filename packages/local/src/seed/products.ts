import { Config } from "@payloft/core/config/index";
import { EmailEntity, ProductEntity, UniqueEntity } from "@payloft/core/db/entities";
import { Discount } from "@payloft/core/discount/index";
import { Integration } from "@payloft/core/integration/index";
import { Product } from "@payloft/core/product/index";
import { Store } from "@payloft/core/store/index";

/**
 * Demo selling data: creator@demo.local gets a saved Stripe TEST integration on
 * the local payments sandbox and one approved product with a cover image served by the web
 * app itself (packages/web/public/demo), so a first `npm start` has a sales page that sells,
 * the discount code LAUNCH30 (30% off), so `/product/{id}?code=LAUNCH30` shows a code's effect,
 * and a storefront at /s/{DEMO_STORE_HANDLE} listing the product.
 * Idempotent: an existing integration, product, code or store is left alone.
 */
const CREATOR = "creator@demo.local";
const COVER_PATH = "/demo/creator-launch-kit.svg";

export const DEMO_PRODUCT = {
  name: "The Creator's Launch Kit",
  headline: "Launch your first digital product this weekend",
  subheadline: "The templates, checklists and e-mail scripts we wish we had on day one: 48 ready-made files.",
  price: 29,
  content_url: "https://example.com/downloads/creator-launch-kit.zip",
  description: [
    "Most creators lose weeks deciding what to sell, how to price it and what to write on the sales page. This kit removes the guesswork.",
    "Inside you'll find a product-idea scorecard, a pricing worksheet, sales-page templates, a 7-day launch calendar and twelve e-mail scripts you can copy and send.",
    "Everything comes as editable Notion, Google Docs and Figma files, so you can make it yours in minutes.",
  ].join("\n"),
  media_type: "image" as const,
};

export const DEMO_STORE_HANDLE = "demo-creator";

export async function seed() {
  const creatorId = (await EmailEntity.get({ email: CREATOR }).go()).data?.user_id;
  if (!creatorId) return; // the accounts step did not create the demo creator

  if (!(await Integration.get(creatorId))) {
    await Integration.save(creatorId, {
      provider: "stripe",
      is_live: false,
      is_active: true,
      stripe_publishable_key: "pk_test_demo_creator",
      stripe_secret_key: "sk_test_demo_creator",
    });
  }

  const code = "LAUNCH30";
  if (!(await UniqueEntity.get({ scope: Discount.claimScope(creatorId), value: code }).go()).data) {
    await Discount.create(creatorId, { code, percent_off: 30 });
  }

  if (!(await Store.mine(creatorId))) {
    await Store.save(creatorId, {
      handle: DEMO_STORE_HANDLE,
      bio: "Templates and checklists for creators launching their first digital product.",
    });
  }

  // The cover is served by this origin; media URLs must be absolute http(s) (rule: Web links only).
  const cover = `${Config.siteUrl()}${COVER_PATH}`;
  const existing = (await ProductEntity.query.byCreator({ creator_id: creatorId }).go({ pages: "all" })).data;
  const demo = existing.find((p) => p.name === DEMO_PRODUCT.name);
  if (demo) {
    // Data kept across restarts may carry another port: point the cover at this origin.
    if (demo.media_url !== cover && demo.media_url?.endsWith(COVER_PATH)) {
      await ProductEntity.patch({ id: demo.id }).set({ media_url: cover }).go();
    }
    return;
  }
  if (existing.length) return; // the creator has made their own products: leave them be
  await Product.create(creatorId, { ...DEMO_PRODUCT, media_url: cover });
}
