import type { QueryClient } from "@tanstack/react-query";
import { profileQuery } from "@/lib/profile";
import { dashboardKeys } from "@/lib/stats";
import { productsQuery } from "./useProducts";

/**
 * After any product change: the grid, plus the dashboard stats (product count / limit) and
 * the profile (total_products), which the spec says reload after a delete.
 */
export function invalidateProductViews(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: productsQuery().queryKey }),
    client.invalidateQueries({ queryKey: dashboardKeys.all }),
    client.invalidateQueries({ queryKey: profileQuery().queryKey }),
  ]);
}
