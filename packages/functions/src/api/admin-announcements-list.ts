import { Announcement } from "@payloft/core/announcement/index";
import { api } from "../http/api";

export const handler = api(async () => ({ announcements: await Announcement.listAll() }));
