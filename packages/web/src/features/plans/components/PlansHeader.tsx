import { useNavigate } from "react-router-dom";
import { Logo } from "@/components/Logo";
import { Button } from "@/components/ui/Button";
import { useSession } from "@/lib/session";

/**
 * Top bar of the public plan pages: signed in shows 'Signed in as {email}' and Log Out
 * (then home); signed out offers Sign In.
 */
export function PlansHeader({ dark = false }: { dark?: boolean }) {
  const { user, isPending, logout } = useSession();
  const navigate = useNavigate();
  return (
    <header className={dark ? "border-b border-white/10" : "border-b border-slate-200/70 bg-white/85 backdrop-blur-md"}>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Logo tone={dark ? "light" : "dark"} />
        <div className="ml-auto flex min-w-0 items-center gap-2">
          {isPending ? null : user ? (
            <>
              <span className={`hidden truncate text-sm sm:inline ${dark ? "text-slate-300" : "text-slate-600"}`}>
                Signed in as{" "}
                <span className={`font-semibold ${dark ? "text-white" : "text-slate-900"}`}>{user.email}</span>
              </span>
              <Button
                size="sm"
                variant={dark ? "secondary" : "ghost"}
                onClick={async () => {
                  await logout();
                  navigate("/");
                }}
              >
                Log Out
              </Button>
            </>
          ) : (
            <Button size="sm" variant={dark ? "secondary" : "ghost"} onClick={() => navigate("/login")}>
              Sign In
            </Button>
          )}
        </div>
      </div>
      {user && (
        <p className={`truncate px-4 pb-2 text-center text-xs sm:hidden ${dark ? "text-slate-300" : "text-slate-600"}`}>
          Signed in as <span className="font-semibold">{user.email}</span>
        </p>
      )}
    </header>
  );
}
