import { Announcement } from "@payloft/core/announcement/index";
import { api } from "../http/api";

export const handler = api(async (req) => {
  await Announcement.remove(req.params.id ?? "");
  return { ok: true };
});
