import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiFetch } from "@/lib/api";
import { profileQuery, type Profile } from "@/lib/profile";

export type ChosenRole = "creator" | "customer";

/**
 * POST /api/profile/role {role, confirm?}: choose to sell (creator) or to buy (customer). A
 * seller with products or a plan gets a 409 `role.confirm_switch` whose text says what they
 * keep; the screen asks, then sends the same call with `confirm: true`.
 */
export const postRole = (role: ChosenRole, confirm?: boolean) =>
  apiFetch<Profile>("/api/profile/role", { method: "POST", body: confirm ? { role, confirm } : { role } });

export const needsSwitchConfirmation = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status === 409 && err.body.code === "role.confirm_switch";

export function useSetRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ role, confirm }: { role: ChosenRole; confirm?: boolean }) => postRole(role, confirm),
    onSuccess: (profile) => client.setQueryData(profileQuery().queryKey, profile),
    onSettled: () => client.invalidateQueries({ queryKey: profileQuery().queryKey }),
  });
}
