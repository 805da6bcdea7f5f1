import { Files } from "@payloft/core/files/index";
import { api } from "../http/api";
import { reply } from "../http/request";

/** Body {filename, content_type, size}: a presigned POST for the creator's browser, or a 400 saying why not. */
export const handler = api(async (req) => reply(201, await Files.createUpload(req.actor!.userId, req.body)));
