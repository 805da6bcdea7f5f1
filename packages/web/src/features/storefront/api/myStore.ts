import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Store } from "@payloft/core/store/index";
import { apiFetch } from "@/lib/api";

export type MyStore = Store.Info;

/** GET /api/store: the creator's own storefront, or null before they create one. */
export const myStoreQuery = () =>
  queryOptions({
    queryKey: ["store"],
    queryFn: async () => (await apiFetch<{ store: MyStore | null }>("/api/store")).store,
  });

export const useMyStore = () => useQuery(myStoreQuery());

export interface StoreForm {
  handle: string;
  bio: string;
  avatar_url: string;
  accent_color?: string;
}

/** PUT /api/store: 409 {error} when the handle is taken, 403 {error, upgrade} for a locked accent colour. */
export function useSaveStore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreForm) => apiFetch<{ store: MyStore }>("/api/store", { method: "PUT", body }),
    onSuccess: (res) => {
      client.setQueryData(myStoreQuery().queryKey, res.store);
      return client.invalidateQueries({ queryKey: myStoreQuery().queryKey });
    },
  });
}
