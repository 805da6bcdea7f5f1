import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { Logo } from "@/components/Logo";
import { Button } from "@/components/ui/Button";
import { IconMenu, IconX } from "@/components/ui/icons";
import { useSession } from "@/lib/session";
import { usePublicStatus } from "@/lib/publicStatus";
import { StartButton } from "./StartButton";

const ANCHORS = [
  { href: "#features", label: "Features" },
  { href: "#pricing", label: "Pricing" },
];
const REVIEWS = { href: "#reviews", label: "Reviews" };

/** Sticky top bar: section anchors plus Sign In / Get Started, or Dashboard / Log Out when signed in. */
export function LandingNav() {
  const { user, isPending, logout } = useSession();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  // "Reviews" only when there is one to read (the testimonial is an admin setting).
  const testimonial = usePublicStatus().data?.testimonial;
  const anchors = testimonial ? [...ANCHORS, REVIEWS] : ANCHORS;

  const signedOut = (
    <>
      <Button size="sm" variant="ghost" onClick={() => navigate("/login")}>
        Sign In
      </Button>
      <StartButton size="sm">Get Started</StartButton>
    </>
  );
  // While the session loads, the signed-out buttons hold their own place unseen (most visitors
  // are signed out), so the bar does not move when they appear.
  const actions = isPending ? (
    <div className="invisible flex items-center gap-1 sm:gap-2" aria-hidden>
      {signedOut}
    </div>
  ) : user ? (
    <>
      <StartButton size="sm">Dashboard</StartButton>
      <Button size="sm" variant="ghost" onClick={() => void logout()}>
        Log Out
      </Button>
    </>
  ) : (
    signedOut
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/85 backdrop-blur-md">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Logo />
        <ul className="ml-8 hidden items-center gap-1 md:flex">
          {anchors.map((a) => (
            <li key={a.href}>
              <a
                href={a.href}
                className="rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              >
                {a.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">{actions}</div>
        <button
          type="button"
          className="-mr-2 rounded-lg p-2 text-slate-600 hover:bg-slate-100 md:hidden"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          aria-expanded={menuOpen}
          aria-controls="landing-menu"
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? <IconX className="h-5 w-5" /> : <IconMenu className="h-5 w-5" />}
        </button>
      </nav>
      {menuOpen && (
        <ul id="landing-menu" className="border-t border-slate-200 px-4 py-2 md:hidden">
          {anchors.map((a) => (
            <li key={a.href}>
              <a
                href={a.href}
                onClick={() => setMenuOpen(false)}
                className="block rounded-lg px-3 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
              >
                {a.label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </header>
  );
}
