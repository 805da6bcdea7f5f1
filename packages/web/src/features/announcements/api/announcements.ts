import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";

/** GET /api/announcements: the active announcements for the caller's audience (rule: Announcements). */
export interface Announcement {
  id: string;
  title: string;
  content: string;
  type: "info" | "warning" | "success" | "error";
}

export const announcementsQuery = () =>
  queryOptions({
    queryKey: ["announcements"],
    queryFn: async () => (await apiFetch<{ announcements: Announcement[] }>("/api/announcements")).announcements,
    staleTime: 60_000,
  });

export const useAnnouncements = () => useQuery(announcementsQuery());
