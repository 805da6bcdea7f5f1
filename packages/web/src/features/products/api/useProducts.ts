import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import type { Product } from "./types";

/** GET /api/products: the caller's own products, newest first. */
export const productsQuery = () =>
  queryOptions({ queryKey: ["products"], queryFn: () => apiFetch<Product[]>("/api/products") });

export const useProducts = () => useQuery(productsQuery());
