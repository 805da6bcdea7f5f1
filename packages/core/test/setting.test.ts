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
    expect(Setting.normalize("max_file_size", " 250 ")).toBe("250");
    expect(Setting.normalize("support_email", "Help@Example.com")).toBe("help@example.com");
    expect(Setting.normalize("primary_color", "#ABCDEF")).toBe("#abcdef");
    expect(() => Setting.normalize("max_file_size", 0)).toThrow("max_file_size must be between 1 and 5120.");
    expect(() => Setting.normalize("max_file_size", 5121)).toThrow("max_file_size must be between 1 and 5120.");
    expect(() => Setting.normalize("primary_color", "blue")).toThrow(
      "primary_color must be a hex colour like #4f46e5.",
    );
    expect(() => Setting.normalize("site_name", "   ")).toThrow("Please enter a value for site_name.");
    expect(() => Setting.normalize("nope", "x")).toThrow('Unknown setting "nope".');
  });

  it("keeps a stage's max_upload_size as max_file_size: read through, saved under the new key, moved by the seed", async () => {
    const Setting = await load();
    const { SettingEntity } = await import("../src/db/entities");
    await SettingEntity.put({ key: "max_upload_size", value: "250", category: "limits", description: "old" }).go();
    expect(await Setting.number("max_file_size")).toBe(250);
    expect((await Setting.list()).find((s) => s.setting_key === "max_file_size")?.setting_value).toBe("250");
    expect((await Setting.list()).some((s) => s.setting_key === "max_upload_size")).toBe(false);

    await Setting.seedDefaults();
    expect((await SettingEntity.get({ key: "max_upload_size" }).go()).data).toBeNull();
    expect((await SettingEntity.get({ key: "max_file_size" }).go()).data?.value).toBe("250");

    // An old screen saving the old name changes the one setting.
    await Setting.set({ key: "max_upload_size", value: 300 });
    expect(await Setting.number("max_file_size")).toBe(300);
    expect((await SettingEntity.get({ key: "max_upload_size" }).go()).data).toBeNull();
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
