import { Announcement } from "@payloft/core/announcement/index";
import { api } from "../http/api";

export const handler = api(async (req) => ({ announcement: await Announcement.update(req.params.id ?? "", req.body) }));
