import { parseInput } from "../validation";
import { randomUUID } from "node:crypto";
import * as z from "zod/mini";
import "../zod";
import { AnnouncementEntity, type AnnouncementItem } from "../db/entities";
import { NotFoundError, ValidationError } from "../errors";
import { isAdmin, type Actor } from "../actor/index";

type Item = AnnouncementItem;

/**
 * Admin announcements and the banner feed (rule: Announcements). There are only
 * ever a handful, all in one partition, so every read is one small Query.
 *
 * Audiences of GET /api/announcements: everyone sees `all`; customers also `customers`;
 * creators also `creators`; admins also `admins` and `creators` (admins sell too). Someone
 * who has not chosen a role yet sees only `all`.
 */
export namespace Announcement {
  export const TYPES = ["info", "warning", "success", "error"] as const;
  export const AUDIENCES = ["all", "creators", "customers", "admins"] as const;

  export const Info = z.object({
    id: z.string(),
    title: z.string(),
    content: z.string(),
    type: z.enum(TYPES),
    target_audience: z.enum(AUDIENCES),
    is_active: z.boolean(),
    created_by: z.nullable(z.string()),
    created_at: z.string(),
    updated_at: z.string(),
  });
  export type Info = z.infer<typeof Info>;

  function serialize(a: Item): Info {
    return {
      id: a.id,
      title: a.title,
      content: a.content,
      type: a.type,
      target_audience: a.target_audience,
      is_active: a.is_active,
      created_by: a.created_by ?? null,
      created_at: a.created_at,
      updated_at: a.updated_at,
    };
  }

  const title = z
    .string("Please enter a title.")
    .check(
      z.trim(),
      z.minLength(1, "Please enter a title."),
      z.maxLength(200, "Title must be at most 200 characters."),
    );
  const content = z
    .string("Please enter the announcement content.")
    .check(
      z.trim(),
      z.minLength(1, "Please enter the announcement content."),
      z.maxLength(5000, "Content must be at most 5000 characters."),
    );
  const type = z.enum(TYPES, "Type must be one of: info, warning, success, error.");
  const audience = z.enum(AUDIENCES, "Audience must be one of: all, creators, customers, admins.");
  const active = z.boolean("is_active must be true or false.");

  const CreateInput = z.object({
    title,
    content,
    type: z._default(z.optional(type), "info"),
    target_audience: z._default(z.optional(audience), "all"),
    is_active: z._default(z.optional(active), true),
  });
  const UpdateInput = z.object({
    title: z.optional(title),
    content: z.optional(content),
    type: z.optional(type),
    target_audience: z.optional(audience),
    is_active: z.optional(active),
  });

  const parse = <S extends z.ZodMiniType>(schema: S, value: unknown) => parseInput(schema, value);

  const notFound = () => new NotFoundError("announcement.not_found", "Announcement not found");
  const newestFirst = (a: Info, b: Info) => b.created_at.localeCompare(a.created_at);

  /** POST /api/admin/announcements. created_by is always the caller, whatever was sent. */
  export async function create(createdBy: string, raw: unknown): Promise<Info> {
    const input = parse(CreateInput, raw);
    const res = await AnnouncementEntity.create({ id: randomUUID(), ...input, created_by: createdBy }).go();
    return serialize(res.data as Item);
  }

  /** PUT /api/admin/announcements/{id}: partial update (the active toggle sends only is_active). */
  export async function update(id: string, raw: unknown): Promise<Info> {
    const input = parse(UpdateInput, raw);
    const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    if (!Object.keys(set).length)
      throw new ValidationError("Nothing to update: send title, content, type, target_audience or is_active.");
    try {
      const res = await AnnouncementEntity.patch({ id }).set(set).go({ response: "all_new" });
      return serialize(res.data as Item);
    } catch (err) {
      if (String((err as Error)?.message).includes("conditional request failed")) throw notFound();
      throw err;
    }
  }

  export async function remove(id: string): Promise<void> {
    const existing = await AnnouncementEntity.get({ id }).go();
    if (!existing.data) throw notFound();
    await AnnouncementEntity.delete({ id }).go();
  }

  /** GET /api/admin/announcements: every announcement, newest first. */
  export async function listAll(): Promise<Info[]> {
    const res = await AnnouncementEntity.query.primary({}).go({ pages: "all" });
    return res.data.map(serialize).sort(newestFirst);
  }

  export function audiencesFor(actor: Pick<Actor, "role" | "isAdmin">): (typeof AUDIENCES)[number][] {
    if (isAdmin(actor)) return ["all", "admins", "creators"];
    if (actor.role === "creator") return ["all", "creators"];
    if (actor.role === "customer") return ["all", "customers"];
    return ["all"];
  }

  /** GET /api/announcements: the active ones meant for the caller. */
  export async function listFor(actor: Pick<Actor, "role" | "isAdmin">): Promise<Info[]> {
    const audiences = new Set(audiencesFor(actor));
    return (await listAll()).filter((a) => a.is_active && audiences.has(a.target_audience));
  }
}
