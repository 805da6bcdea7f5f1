import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { announcementsQuery } from "@/features/announcements";
import { adminKeys } from "./paged";
import type { AdminAnnouncement } from "./types";

/** GET/POST /api/admin/announcements, PUT/DELETE /api/admin/announcements/{id}. */
export const adminAnnouncementsQuery = () =>
  queryOptions({
    queryKey: adminKeys.announcements(),
    queryFn: async () =>
      (await apiFetch<{ announcements: AdminAnnouncement[] }>("/api/admin/announcements")).announcements,
  });
export const useAdminAnnouncements = () => useQuery(adminAnnouncementsQuery());

export type AnnouncementInput = Pick<AdminAnnouncement, "title" | "content" | "type" | "target_audience" | "is_active">;

export function useSaveAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: Partial<AnnouncementInput> & { id?: string }) =>
      id
        ? apiFetch<{ announcement: AdminAnnouncement }>(`/api/admin/announcements/${encodeURIComponent(id)}`, {
            method: "PUT",
            body,
          })
        : apiFetch<{ announcement: AdminAnnouncement }>("/api/admin/announcements", { method: "POST", body }),
    onSuccess: () => invalidate(client),
  });
}

export function useDeleteAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/admin/announcements/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => invalidate(client),
  });
}

/** The admin list and the banner feed both change. */
const invalidate = (client: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    client.invalidateQueries({ queryKey: adminKeys.announcements() }),
    client.invalidateQueries({ queryKey: announcementsQuery().queryKey }),
  ]);
