/** Who is calling: resolved once per request by the HTTP wrapper from the session cookie. */
export type Role = "admin" | "creator" | "customer";

export interface Actor {
  userId: string;
  email: string;
  name: string;
  /** null until the person has chosen to sell or to buy. */
  role: Role | null;
  isAdmin: boolean;
}

export const isAdmin = (actor: Pick<Actor, "role" | "isAdmin">) => actor.role === "admin" || actor.isAdmin;
