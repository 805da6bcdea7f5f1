import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { productBody, signInAdmin, signInWithRole, type Person } from "./actors";

/**
 * Moderation notes reach the creator: PUT /api/admin/products/{id}/moderate stores them, the
 * creator's GET /api/products carries status and notes, and the creator is e-mailed (the
 * local outbox) when the status changes or the admin wrote notes.
 */
const stack = useStack();
let admin: Person;
let nina: Person;
let productId: string;

const mailTo = (email: string) => stack().outbox.messages.filter((m) => m.to === email);
const moderate = (body: unknown) =>
  call(stack(), "PUT", `/api/admin/products/${productId}/moderate`, { cookie: admin.cookie, body });
const mine = async () => {
  const list = await call(stack(), "GET", "/api/products", { cookie: nina.cookie });
  return list.json.find((p: { id: string }) => p.id === productId);
};

beforeAll(async () => {
  admin = await signInAdmin(stack());
  nina = await signInWithRole(stack(), "nina.notes@example.com", "creator", "Nina Notes");
  const made = await call(stack(), "POST", "/api/products", { cookie: nina.cookie, body: productBody("Icon Pack") });
  productId = made.json.id;
});

describe("moderation notes reach the creator", () => {
  it("a product that was never reviewed lists empty notes", async () => {
    expect(await mine()).toMatchObject({ moderation_status: "approved", moderation_notes: "" });
  });

  it("rejection with notes: stored, on the creator's list, and e-mailed with the notes (escaped in HTML)", async () => {
    const notes = "Please remove the <b>trademarked</b> logos\nand resubmit.";
    const res = await moderate({ status: "rejected", notes });
    expect(res.status).toBe(200);
    expect(res.json.product).toMatchObject({ moderation_status: "rejected", moderation_notes: notes });
    expect(await mine()).toMatchObject({ moderation_status: "rejected", moderation_notes: notes });

    const mail = mailTo("nina.notes@example.com");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Your product "Icon Pack" was not approved');
    expect(mail[0]!.text).toContain("Status: Rejected: buyers cannot purchase it.");
    expect(mail[0]!.text).toContain(`Notes from the reviewer:\n${notes}`);
    expect(mail[0]!.text).toContain(`${stack().url}/dashboard`);
    expect(mail[0]!.html).toContain("&#60;b&#62;trademarked&#60;/b&#62;");
    expect(mail[0]!.html).not.toContain("<b>trademarked");
  });

  it("the same status again without notes clears them and sends nothing", async () => {
    await moderate({ status: "rejected" });
    expect(await mine()).toMatchObject({ moderation_status: "rejected", moderation_notes: "" });
    expect(mailTo("nina.notes@example.com")).toHaveLength(1);
  });

  it("notes without a status change are e-mailed as a note; approval is e-mailed too", async () => {
    await moderate({ status: "rejected", notes: "Logos look fine now, checking the files." });
    let mail = mailTo("nina.notes@example.com");
    expect(mail).toHaveLength(2);
    expect(mail[1]!.subject).toBe('A note from the reviewer about "Icon Pack"');

    await moderate({ status: "approved" });
    mail = mailTo("nina.notes@example.com");
    expect(mail).toHaveLength(3);
    expect(mail[2]!.subject).toBe('Your product "Icon Pack" was approved');
    expect(mail[2]!.text).not.toContain("Notes from the reviewer");
    expect(await mine()).toMatchObject({ moderation_status: "approved", moderation_notes: "" });
  });

  it("notes are the owner's only: the public product never carries them", async () => {
    await moderate({ status: "under_review", notes: "Internal: check the licence." });
    const pub = await call(stack(), "GET", `/api/public/products/${productId}`);
    expect(pub.json).not.toHaveProperty("moderation_notes");
    expect(JSON.stringify(pub.json)).not.toContain("Internal");
  });
});
