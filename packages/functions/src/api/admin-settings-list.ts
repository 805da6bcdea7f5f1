import { Setting } from "@payloft/core/setting/index";
import { api } from "../http/api";

export const handler = api(async () => ({ settings: await Setting.list() }));
