import { Setting } from "@payloft/core/setting/index";
import { api } from "../http/api";

/** Anonymous and `system`, so the web app can show the maintenance notice during maintenance. */
export const handler = api(async () => Setting.publicStatus());
