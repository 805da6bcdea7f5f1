import { Announcement } from "@payloft/core/announcement/index";
import { api } from "../http/api";
import { reply } from "../http/request";

export const handler = api(async (req) =>
  reply(201, { announcement: await Announcement.create(req.actor!.userId, req.body) }),
);
