import { Config } from "@payloft/core/config/index";
import { EmailEntity, ProductEntity } from "@payloft/core/db/entities";
import { Integration } from "@payloft/core/integration/index";
import { Product } from "@payloft/core/product/index";

/**
 * Demo PayPal selling: paypal@demo.local has a PayPal integration on the local PayPal
 * sandbox (checked and its webhook registered like any seller's) and one product, so a first
 * `npm start` shows both buy flows. Idempotent: an existing integration or product is left alone.
 */
const SELLER = "paypal@demo.local";
export const DEMO_PAYPAL_APP = { clientId: "demo-paypal-seller", clientSecret: "demo-paypal-seller-secret" };
const COVER_PATH = "/demo/creator-launch-kit.svg";

export const DEMO_PAYPAL_PRODUCT = {
  name: "Notion Finance Planner",
  headline: "Take charge of your money in one Notion page",
  subheadline: "Budgets, savings goals and a monthly review ritual, ready to duplicate.",
  price: 25.99,
  content_url: "https://example.com/downloads/notion-finance-planner.zip",
  description: [
    "A calm, complete personal-finance system for Notion: track spending, plan savings goals and review your month in twenty minutes.",
    "Includes a step-by-step setup video and a printable quick-start guide.",
  ].join("\n"),
  media_type: "image" as const,
};

export async function seed() {
  const sellerId = (await EmailEntity.get({ email: SELLER }).go()).data?.user_id;
  if (!sellerId) return; // the accounts step did not create the demo PayPal seller

  // Saved through the same path as a seller's save: checked with the sandbox, webhook registered.
  const saved = await Integration.paypalFor(sellerId);
  if (!saved) {
    await Integration.save(sellerId, {
      provider: "paypal",
      is_live: false,
      is_active: true,
      paypal_client_id: DEMO_PAYPAL_APP.clientId,
      paypal_client_secret: DEMO_PAYPAL_APP.clientSecret,
    });
  }

  const cover = `${Config.siteUrl()}${COVER_PATH}`;
  const existing = (await ProductEntity.query.byCreator({ creator_id: sellerId }).go({ pages: "all" })).data;
  if (existing.length) return; // the seller already has products: leave them be
  await Product.create(sellerId, { ...DEMO_PAYPAL_PRODUCT, media_url: cover });
}
