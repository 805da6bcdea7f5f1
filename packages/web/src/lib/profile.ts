import { queryOptions, useQuery } from "@tanstack/react-query";
import type { User } from "@payloft/core/user/index";
import { apiFetch } from "./api";

/** GET /api/profile: the signed-in person's profile, as core's User.serialize answers it. */
export type Profile = User.Profile;

/**
 * The one profile query of the app. Every screen shares the ["profile"] key, so a rename,
 * a role choice or a plan change refreshes the sidebar, the gates and the plan screens at once.
 * No retries: a 404 means "no profile yet" and the gates route on it immediately.
 */
export const profileQuery = () =>
  queryOptions({
    queryKey: ["profile"],
    queryFn: () => apiFetch<Profile>("/api/profile"),
    staleTime: 30_000,
    retry: false,
  });

export const useProfile = (enabled = true) => useQuery({ ...profileQuery(), enabled });
