import { ApiKey } from "@payloft/core/api-key/index";
import { api } from "../http/api";
import { reply } from "../http/request";

/** POST /api/api-keys {name} -> 201 {id, key, ...}: the only answer that ever carries the key. */
export const handler = api(async (req) => reply(201, await ApiKey.create(req.actor!.userId, req.body)));
