import { Announcement } from "@payloft/core/announcement/index";
import { api } from "../http/api";

/** The banner feed (rule: Announcements): active announcements for the caller's audience. */
export const handler = api(async (req) => ({ announcements: await Announcement.listFor(req.actor!) }));
