import { apiFetch } from "@/lib/api";

/** Builds `/api/admin/x?limit=&cursor=&q=&status=` from the set parts only. */
export function pagedUrl(path: string, params: Record<string, string | undefined | null>) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export const fetchPage = <T>(path: string, params: Record<string, string | undefined | null>) =>
  apiFetch<T>(pagedUrl(path, params));

/** The keys every admin query lives under, so one invalidation can refresh the admin area. */
export const adminKeys = {
  all: ["admin"] as const,
  stats: () => ["admin", "stats"] as const,
  chart: () => ["admin", "chart-data"] as const,
  finance: () => ["admin", "finance"] as const,
  users: (q: string) => ["admin", "users", q] as const,
  sales: (status: string) => ["admin", "sales", status] as const,
  customers: (q: string) => ["admin", "customers", q] as const,
  /** Every product list, whatever its status filter: what a moderation change makes stale. */
  allProducts: () => ["admin", "products"] as const,
  products: (status: string) => ["admin", "products", status] as const,
  settings: () => ["admin", "settings"] as const,
  announcements: () => ["admin", "announcements"] as const,
};
