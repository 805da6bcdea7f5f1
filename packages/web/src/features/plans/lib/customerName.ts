/** The customer name for checkout: profile name, else the identity account's name, else the e-mail prefix. */
export function customerNameFor(
  profileName: string | null | undefined,
  identityName: string | null | undefined,
  email: string | null | undefined,
) {
  return profileName?.trim() || identityName?.trim() || (email ?? "").split("@")[0] || "";
}
