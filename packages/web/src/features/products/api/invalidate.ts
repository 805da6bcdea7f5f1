import type { QueryClient } from "@tanstack/react-query";
import { productsQuery } from "./useProducts";

/**
 * After any product change: the grid, plus the dashboard stats (product count / limit) and
 * the profile (total_products), which the spec says reload after a delete.
 */
export function invalidateProductViews(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: productsQuery().queryKey }),
    client.invalidateQueries({ queryKey: ["dashboard"] }),
    client.invalidateQueries({ queryKey: ["profile"] }),
  ]);
}
