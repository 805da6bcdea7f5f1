import type { AdminSales } from "@payloft/core/admin/sales";
import type { AdminStats as Stats } from "@payloft/core/admin/stats";
import type { AdminUsers } from "@payloft/core/admin/users";
import type { Announcement } from "@payloft/core/announcement/index";
import type { Moderation } from "@payloft/core/moderation/index";
import type { PaidPlanId } from "@payloft/core/plan/plans";
import type { Setting } from "@payloft/core/setting/index";

/** Shapes of the admin calls. Money is integer minor units of its own currency (cents; yen for JPY). */
/** A plan an admin may grant or set: the paid plans of the one plan table. */
export type PlanChoice = PaidPlanId;
export type ModerationStatus = Moderation.Status;

/** GET /api/admin/stats: USD-only totals (older fields) and each currency's own figures. */
export type AdminStats = Awaited<ReturnType<typeof Stats.overview>>;

/** One day of GET /api/admin/chart-data: `revenue` is USD only, revenue_by_currency every currency. */
export type AdminChartPoint = Awaited<ReturnType<typeof Stats.chart>>["chartData"][number];

export type AdminUser = AdminUsers.Info;

/** One row of All Sales: the amount in minor units of the sale's own currency. */
export type AdminSale = Awaited<ReturnType<typeof AdminSales.sales>>["sales"][number];

/** One buyer of GET /api/admin/customers: total_spent is USD cents only, spent_by_currency every currency. */
export type AdminCustomer = Awaited<ReturnType<typeof AdminSales.customers>>["customers"][number];

export type AdminProduct = Moderation.AdminProduct;

export type ModerationCounts = Record<ModerationStatus | "all", number>;

/**
 * GET /api/admin/finance: the top-level money fields are USD only (from before currencies);
 * by_currency and each month's by_currency hold every currency's own figures.
 */
export type Finance = Awaited<ReturnType<typeof Stats.finance>>;

export type PlatformSetting = Setting.Info;

export type AdminAnnouncement = Announcement.Info;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
