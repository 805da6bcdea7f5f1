import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { productBody, signInWithRole, signInWithoutRole, type Person } from "./actors";

/**
 * Affiliates, inviting with consent (rule: Affiliates by consent): the creator's
 * POST/GET/PUT/DELETE /api/affiliates, the invitation e-mail, the invited person's
 * GET /api/affiliate/invitations + accept/decline, the Pro plan gate and every refusal's sentence.
 */
const stack = useStack();

let ann: Person; // Pro creator
let bob: Person; // Business creator
let fay: Person; // free creator
let ivy: Person; // customer, invited
let ned: Person; // no role yet, invited
let annProduct = "";
let bobProduct = "";

const invite = (who: Person, body: unknown) => call(stack(), "POST", "/api/affiliates", { cookie: who.cookie, body });
const update = (who: Person, id: string, body: unknown) =>
  call(stack(), "PUT", `/api/affiliates/${id}`, { cookie: who.cookie, body });
const list = async (who: Person) => (await call(stack(), "GET", "/api/affiliates", { cookie: who.cookie })).json;
const invitations = async (who: Person) =>
  (await call(stack(), "GET", "/api/affiliate/invitations", { cookie: who.cookie })).json.invitations;
const answer = (who: Person, id: string, what: "accept" | "decline") =>
  call(stack(), "POST", `/api/affiliate/invitations/${id}/${what}`, { cookie: who.cookie });

beforeAll(async () => {
  const { UserEntity } = await import("@payloft/core/db/entities");
  ann = await signInWithRole(stack(), "ann@example.com", "creator", "Ann Maker");
  bob = await signInWithRole(stack(), "bob@example.com", "creator");
  fay = await signInWithRole(stack(), "fay@example.com", "creator");
  ivy = await signInWithRole(stack(), "ivy@example.com", "customer");
  ned = await signInWithoutRole(stack(), "ned@example.com");
  await UserEntity.patch({ id: ann.id }).set({ plan: "pro" }).go();
  await UserEntity.patch({ id: bob.id }).set({ plan: "business" }).go();
  annProduct = (await call(stack(), "POST", "/api/products", { cookie: ann.cookie, body: productBody() })).json.id;
  bobProduct = (await call(stack(), "POST", "/api/products", { cookie: bob.cookie, body: productBody() })).json.id;
});

describe("inviting", () => {
  it("records an invitation, e-mails it, and nobody is an affiliate before accepting", async () => {
    const res = await invite(ann, { email: " IVY@example.com ", commission_percent: 20, product_ids: null });
    expect(res.status, res.text).toBe(201);
    expect(res.json.affiliate).toMatchObject({
      email: "ivy@example.com",
      commission_percent: 20,
      product_ids: null,
      status: "invited",
      link: null,
      accepted_at: null,
    });
    expect(res.json.affiliate.code).toMatch(/^[a-z0-9]{8}$/);
    const mail = stack().outbox.messages.filter((m) => m.to === "ivy@example.com");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("Ann Maker invited you to be an affiliate");
    expect(mail[0]!.text).toContain("20% of every sale");
    expect(mail[0]!.text).toMatch(/\/affiliate$/m);
    expect((await list(ann)).affiliates.map((a: { email: string }) => a.email)).toEqual(["ivy@example.com"]);
    expect((await list(bob)).affiliates).toEqual([]);
  });

  it("limits an affiliate to named products of the creator's own", async () => {
    const res = await invite(ann, { email: "ned@example.com", commission_percent: 10, product_ids: [annProduct] });
    expect(res.status, res.text).toBe(201);
    expect(res.json.affiliate.product_ids).toEqual([annProduct]);
    const foreign = await invite(ann, { email: "zed@example.com", commission_percent: 10, product_ids: [bobProduct] });
    expect(foreign.status).toBe(400);
    expect(foreign.json.error).toBe(`product_ids: ${bobProduct} is not one of your products.`);
    const unknown = await invite(ann, { email: "zed@example.com", commission_percent: 10, product_ids: ["nope"] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toBe("product_ids: nope is not one of your products.");
  });

  it.each([
    [{ commission_percent: 10 }, "Please enter the affiliate's e-mail address."],
    [{ email: "not-an-address", commission_percent: 10 }, "Please enter the affiliate's e-mail address."],
    [{ email: "x@example.com" }, "commission_percent must be a whole number from 1 to 75."],
    [{ email: "x@example.com", commission_percent: 0 }, "commission_percent must be a whole number from 1 to 75."],
    [{ email: "x@example.com", commission_percent: 76 }, "commission_percent must be a whole number from 1 to 75."],
    [{ email: "x@example.com", commission_percent: 12.5 }, "commission_percent must be a whole number from 1 to 75."],
    [
      { email: "x@example.com", commission_percent: 10, product_ids: [] },
      "product_ids must name at least one product, or be null for all your products.",
    ],
    [
      { email: "ANN@example.com", commission_percent: 10 },
      "You can't invite yourself: an affiliate promotes someone else's products.",
    ],
  ])("refuses %j with a 400 sentence", async (body, error) => {
    const res = await invite(ann, body);
    expect(res.status, res.text).toBe(400);
    expect(res.json.error).toBe(error);
  });

  it("refuses a second live invitation of the same person", async () => {
    const res = await invite(ann, { email: "ivy@example.com", commission_percent: 30 });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ivy@example.com is already invited or one of your affiliates.");
  });

  it("is a Pro and Business feature: a free creator is offered the upgrade", async () => {
    const res = await invite(fay, { email: "ivy@example.com", commission_percent: 10 });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: "Affiliates is part of the Pro plan. Upgrade to use it.", upgrade: "pro" });
    expect((await invite(bob, { email: "ivy@example.com", commission_percent: 15 })).status).toBe(201);
  });

  it("is the creator's: a customer cannot invite", async () => {
    expect((await invite(ivy, { email: "x@example.com", commission_percent: 10 })).status).toBe(403);
  });
});

describe("answering, signed in under any role", () => {
  it("shows each person only the invitations sent to their e-mail", async () => {
    const mine = await invitations(ivy);
    expect(mine.map((i: { creator: { name: string } }) => i.creator.name).sort()).toEqual(["Ann Maker", "bob"]);
    expect(mine.find((i: { creator: { id: string } }) => i.creator.id === ann.id)).toMatchObject({
      commission_percent: 20,
      product_ids: null,
    });
    expect(await invitations(bob)).toEqual([]);
  });

  it("refuses someone else's invitation, then accepts once", async () => {
    const id = (await invitations(ivy)).find((i: { creator: { id: string } }) => i.creator.id === ann.id).id;
    const stranger = await answer(ned, id, "accept");
    expect(stranger.status).toBe(403);
    expect(stranger.json.error).toBe("This invitation was sent to another e-mail address.");
    const ok = await answer(ivy, id, "accept");
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.affiliate).toEqual({ id, status: "active" });
    const again = await answer(ivy, id, "decline");
    expect(again.status).toBe(409);
    expect(again.json.error).toBe("You already accepted this invitation.");
    const row = (await list(ann)).affiliates.find((a: { id: string }) => a.id === id);
    expect(row.status).toBe("active");
    expect(row.link).toMatch(new RegExp(`/r/${row.code}$`));
    expect(row.accepted_at).toEqual(expect.any(String));
  });

  it("a person without a role declines; the creator sees it declined", async () => {
    const id = (await invitations(ned))[0].id;
    const res = await answer(ned, id, "decline");
    expect(res.status, res.text).toBe(200);
    expect(await invitations(ned)).toEqual([]);
    const row = (await list(ann)).affiliates.find((a: { id: string }) => a.id === id);
    expect(row).toMatchObject({ status: "declined", link: null });
    const pause = await update(ann, id, { status: "paused" });
    expect(pause.status).toBe(400);
    expect(pause.json.error).toBe("This person declined the invitation: they can't be made an affiliate.");
  });

  it("an unknown invitation is a 404", async () => {
    expect((await answer(ivy, "no-such-invitation", "accept")).status).toBe(404);
  });
});

describe("managing", () => {
  const annsIvy = async () =>
    (await list(ann)).affiliates.find((a: { email: string }) => a.email === "ivy@example.com");

  it("changes the commission and products, pauses and resumes", async () => {
    const { id } = await annsIvy();
    const res = await update(ann, id, { commission_percent: 35, product_ids: [annProduct], status: "paused" });
    expect(res.status, res.text).toBe(200);
    expect(res.json.affiliate).toMatchObject({ commission_percent: 35, product_ids: [annProduct], status: "paused" });
    const back = await update(ann, id, { product_ids: null, status: "active" });
    expect(back.json.affiliate).toMatchObject({ product_ids: null, status: "active", commission_percent: 35 });
  });

  it.each([
    [{ commission_percent: 80 }, "commission_percent must be a whole number from 1 to 75."],
    [{ status: "removed" }, 'status must be "active" or "paused".'],
    [{ product_ids: ["nope"] }, "product_ids: nope is not one of your products."],
  ])("refuses %j with a 400 sentence", async (body, error) => {
    const res = await update(ann, (await annsIvy()).id, body);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(error);
  });

  it("refuses another creator reading or changing the affiliate", async () => {
    const { id } = await annsIvy();
    for (const res of [
      await update(bob, id, { commission_percent: 5 }),
      await call(stack(), "DELETE", `/api/affiliates/${id}`, { cookie: bob.cookie }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.json.error).toBe("This affiliate works with another creator: you can't see or change it.");
    }
    expect((await annsIvy()).commission_percent).toBe(35);
  });

  it("removes: attribution ends, the person may be invited again", async () => {
    const { id } = await annsIvy();
    const res = await call(stack(), "DELETE", `/api/affiliates/${id}`, { cookie: ann.cookie });
    expect(res.status, res.text).toBe(200);
    expect(await annsIvy()).toBeUndefined();
    expect((await update(ann, id, { commission_percent: 5 })).status).toBe(404);
    const { AffiliateEntity } = await import("@payloft/core/db/entities");
    expect((await AffiliateEntity.get({ id }).go()).data?.status).toBe("removed");
    expect((await invite(ann, { email: "ivy@example.com", commission_percent: 10 })).status).toBe(201);
  });
});
