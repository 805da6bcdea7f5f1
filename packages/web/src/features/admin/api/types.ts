import type { AdminUsers } from "@payloft/core/admin/users";
import type { Moderation } from "@payloft/core/moderation/index";

/** Shapes of the admin calls. Money is integer cents. */
export type PlanChoice = "starter" | "pro" | "business";
export type ModerationStatus = Moderation.Status;

export interface AdminStats {
  users: {
    total_users: number;
    active_users: number;
    starter_users: number;
    pro_users: number;
    business_users: number;
    free_users?: number;
  };
  products: { total_revenue: number; total_sales: number; total_products: number; active_products: number };
  recent: { revenue_30d: number; new_sales_30d: number; new_users_30d?: number };
}

export interface AdminChartPoint {
  date: string;
  revenue: number;
  sales: number;
  users: number;
}

export type AdminUser = AdminUsers.Info;

export interface AdminSale {
  id: string;
  created_at: string;
  product_name: string;
  creator_name: string;
  customer_email: string;
  amount: number;
  status: "completed" | "refunded" | "disputed";
}

export interface AdminCustomer {
  email: string;
  total_purchases: number;
  /** USD cents only; every currency (USD included) in spent_by_currency. */
  total_spent: number;
  spent_by_currency: Partial<Record<string, number>>;
  creators_purchased_from: number;
  last_purchase_at: string | null;
}

export type AdminProduct = Moderation.AdminProduct;

export type ModerationCounts = Record<ModerationStatus | "all", number>;

export interface Finance {
  total_revenue: number;
  total_sales: number;
  commission_rate: number;
  platform_commission: number;
  net_to_creators: number;
  /** USD only: USD revenue ÷ USD sales; each currency's own average is in by_currency. */
  average_order_value: number;
  by_currency?: Partial<
    Record<string, { revenue: number; sales: number; average_order_value: number; platform_commission: number }>
  >;
  monthly: { month: string; revenue: number; sales: number; commission: number; net_to_creators: number }[];
}

export interface PlatformSetting {
  id: string;
  setting_key: string;
  setting_value: string;
  description: string;
  category: "branding" | "contact" | "finance" | "emails" | "moderation" | "limits" | "system";
  updated_at: string | null;
}

export interface AdminAnnouncement {
  id: string;
  title: string;
  content: string;
  type: "info" | "warning" | "success" | "error";
  target_audience: "all" | "creators" | "customers" | "admins";
  is_active: boolean;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
