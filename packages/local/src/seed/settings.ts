import { Setting } from "@payloft/core/setting/index";

/** Demo/fresh-stage settings: every default written once; admins' later edits are kept. */
export async function seed() {
  await Setting.seedDefaults();
}
