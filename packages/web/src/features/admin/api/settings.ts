import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { publicStatusQuery } from "@/lib/publicStatus";
import { refreshLiveStatus } from "@/features/maintenance";
import { adminKeys } from "./paged";
import type { PlatformSetting } from "./types";

/** GET /api/admin/settings and PUT /api/admin/settings {key, value}. */
export const settingsQuery = () =>
  queryOptions({
    queryKey: adminKeys.settings(),
    queryFn: async () => (await apiFetch<{ settings: PlatformSetting[] }>("/api/admin/settings")).settings,
  });
export const useSettings = () => useQuery(settingsQuery());

export function useUpdateSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { key: string; value: string }) =>
      apiFetch<{ setting: PlatformSetting }>("/api/admin/settings", { method: "PUT", body: input }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.settings() }),
        client.invalidateQueries({ queryKey: adminKeys.finance() }),
        // Maintenance notice, support e-mail and site name are read from the public status.
        client.invalidateQueries({ queryKey: publicStatusQuery().queryKey }),
        refreshLiveStatus(),
      ]),
  });
}
