import { publicStatus } from "@payloft/core/setting/public";
import { api } from "../http/api";

/** Anonymous and `system`, so the web app can show the maintenance notice during maintenance. */
export const handler = api(async () => publicStatus());
