import { AffiliateEntity, type AffiliateItem } from "../db/entities";
import { ForbiddenError, ValidationError } from "../errors";
import { parseInput } from "../validation";
import { figuresOf, type AffiliateFigures } from "./figures";
import { PayoutDetailsInput } from "./input";
import { AffiliateInvitations } from "./invitations";
import { linkOf, notFound, payoutsOf, read, type Payout } from "./shape";

/**
 * The affiliate's own area: one entry per creator whose invitation they accepted (their link,
 * rate and figures), one at a time (another affiliate's is refused), and where their money goes.
 */
export namespace AffiliateArea {
  export interface Program extends AffiliateFigures {
    id: string;
    creator: { id: string; name: string };
    code: string;
    link: string;
    commission_percent: number;
    product_ids: string[] | null;
    status: "active" | "paused";
    paypal_email: string | null;
    /** What the creator recorded as paid to them, newest first. */
    payouts: Payout[];
  }

  const joined = (a: AffiliateItem): a is AffiliateItem & { status: "active" | "paused" } =>
    a.status === "active" || a.status === "paused";

  async function shape(rows: (AffiliateItem & { status: "active" | "paused" })[]): Promise<Program[]> {
    const [names, figures] = await Promise.all([
      AffiliateInvitations.namesOf(rows.map((a) => a.creator_id)),
      figuresOf(rows.map((a) => a.id)),
    ]);
    return rows.map((a) => ({
      id: a.id,
      creator: { id: a.creator_id, name: names.get(a.creator_id)! },
      code: a.code,
      link: linkOf(a.code),
      commission_percent: a.commission_percent,
      product_ids: a.all_products ? null : a.product_ids,
      status: a.status,
      paypal_email: a.paypal_email ?? null,
      payouts: payoutsOf(a),
      ...figures.get(a.id)!,
    }));
  }

  async function rowsOf(userId: string) {
    const email = await AffiliateInvitations.emailOf(userId);
    const rows = (await AffiliateEntity.query.byEmail({ email }).go({ order: "desc", pages: "all" })).data;
    return rows.filter((a) => a.user_id === userId).filter(joined);
  }

  /** GET /api/affiliate/programs: the creators the caller promotes. */
  export async function list(userId: string): Promise<Program[]> {
    return shape(await rowsOf(userId));
  }

  /** GET /api/affiliate/programs/{id}: one of the caller's own; another affiliate's figures are refused. */
  export async function one(userId: string, id: string): Promise<Program> {
    const a = await read(id);
    if (!a || !joined(a)) throw notFound();
    if (a.user_id !== userId)
      throw new ForbiddenError(
        "These are another affiliate's figures: you can only see your own.",
        "affiliate.not_yours",
      );
    return (await shape([a]))[0]!;
  }

  /** PUT /api/affiliate/payout-details {paypal_email}: where every creator they promote sends their money. */
  export async function savePayoutDetails(userId: string, input: unknown): Promise<{ paypal_email: string }> {
    const { paypal_email } = parseInput(PayoutDetailsInput, input);
    const rows = await rowsOf(userId);
    if (!rows.length) throw new ValidationError("You are not anyone's affiliate yet: accept an invitation first.");
    for (const a of rows) await AffiliateEntity.patch({ id: a.id }).set({ paypal_email }).go();
    return { paypal_email };
  }
}
