import * as z from "zod";
import { Setting } from "@payloft/core/setting/index";
import { api } from "../http/api";
import { parse } from "../http/request";

const Body = z.object({
  key: z.string("Please say which setting to change (key)."),
  value: z.union([z.string(), z.number(), z.boolean()], "Please enter a value (value)."),
});

export const handler = api(async (req) => {
  const { key, value } = parse(Body, req.body);
  return { setting: await Setting.set({ key, value, updatedBy: req.actor!.userId }) };
});
