import { describe, expect, it } from "vitest";
import { useStack } from "@payloft/local/testing/index";

const stack = useStack();

/** Features by plan (product rule): what each plan unlocks, and the 403 {error, upgrade} a locked feature answers. */
describe("plan features", () => {
  async function load() {
    stack();
    const features = await import("../src/plan/features");
    const gate = await import("../src/plan/gate");
    return { ...features, ...gate };
  }

  it("unlocks by plan; lifetime and admins are business; unknown plans are free", async () => {
    const { hasFeature } = await load();
    expect(hasFeature({ plan: "free" }, "discount_codes")).toBe(true);
    expect(hasFeature({ plan: "starter" }, "traffic_analytics")).toBe(false);
    expect(hasFeature({ plan: "pro" }, "traffic_analytics")).toBe(true);
    expect(hasFeature({ plan: "pro" }, "api_keys")).toBe(false);
    expect(hasFeature({ plan: "business" }, "white_label")).toBe(true);
    expect(hasFeature({ plan: "lifetime" }, "api_keys")).toBe(true);
    expect(hasFeature({ plan: "free", is_admin: true }, "outgoing_webhooks")).toBe(true);
    expect(hasFeature({ plan: "null" }, "custom_branding")).toBe(false);
  });

  it("a locked feature is a 403 naming the cheapest plan that has it", async () => {
    const { requireFeature } = await load();
    const err = (() => {
      try {
        requireFeature({ plan: "starter", email: "s@test.local" }, "api_keys");
      } catch (e) {
        return e as { status: number; extra: { upgrade: string }; message: string };
      }
    })();
    expect(err?.status).toBe(403);
    expect(err?.extra.upgrade).toBe("business");
    expect(err?.message).toMatch(/Business/);
    expect(() => requireFeature({ plan: "pro", email: "p@test.local" }, "traffic_analytics")).not.toThrow();
  });
});
