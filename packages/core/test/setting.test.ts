import { describe, expect, it } from "vitest";
import { useStack } from "@payloft/local/testing/index";

const stack = useStack();
const load = async () => {
  stack();
  return (await import("../src/setting/index")).Setting;
};

describe("Setting", () => {
  it("answers in-code defaults before anything is stored, and a stored value right after it is set", async () => {
    const Setting = await load();
    expect(await Setting.get("commission_rate")).toBe("5");
    expect(await Setting.bool("auto_approve_products")).toBe(true);
    expect(await Setting.bool("maintenance_mode")).toBe(false);
    await Setting.set({ key: "commission_rate", value: "12.5" });
    expect(await Setting.number("commission_rate")).toBe(12.5);
    await Setting.set({ key: "auto_approve_products", value: false });
    expect(await Setting.bool("auto_approve_products")).toBe(false);
  });

  it("normalises per kind and says what to fix", async () => {
    const Setting = await load();
    expect(Setting.normalize("max_upload_size", " 250 ")).toBe("250");
    expect(Setting.normalize("support_email", "Help@Example.com")).toBe("help@example.com");
    expect(Setting.normalize("primary_color", "#ABCDEF")).toBe("#abcdef");
    expect(() => Setting.normalize("max_upload_size", 0)).toThrow("max_upload_size must be between 1 and 10240.");
    expect(() => Setting.normalize("primary_color", "blue")).toThrow(
      "primary_color must be a hex colour like #4f46e5.",
    );
    expect(() => Setting.normalize("site_name", "   ")).toThrow("Please enter a value for site_name.");
    expect(() => Setting.normalize("nope", "x")).toThrow('Unknown setting "nope".');
  });

  it("seeds only missing defaults, keeping an admin's edits (idempotent)", async () => {
    const Setting = await load();
    await Setting.set({ key: "site_name", value: "My Market" });
    await Setting.seedDefaults();
    await Setting.seedDefaults();
    const all = await Setting.list();
    expect(all.map((s) => s.setting_key).sort()).toEqual([...Setting.KEYS].sort());
    expect(all.find((s) => s.setting_key === "site_name")?.setting_value).toBe("My Market");
    expect(all.every((s) => s.updated_at !== null)).toBe(true);
  });
});
