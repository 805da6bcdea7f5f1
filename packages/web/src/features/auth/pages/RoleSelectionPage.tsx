import { useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router-dom";
import { useSession } from "@/lib/session";
import { PageSpinner } from "@/components/PageSpinner";
import { Spinner } from "@/components/ui/Spinner";
import { toast } from "@/components/ui/toast";
import { IconArrowRight, IconDownload, IconStore } from "@/components/ui/icons";
import { cn } from "@/components/ui/cn";
import { AuthLayout } from "@/components/AuthLayout";
import { useProfile } from "@/lib/profile";
import { confirmDialog } from "@/components/ui/ConfirmDialog";
import { needsSwitchConfirmation, useSetRole } from "@/lib/setRole";

type Choice = "creator" | "customer";

const choices: { role: Choice; title: string; text: string; points: string[]; icon: React.ReactNode; to: string }[] = [
  {
    role: "creator",
    title: "I want to sell",
    to: "/onboarding",
    icon: <IconStore className="h-6 w-6" />,
    text: "Turn your files, courses and templates into products with their own sales page.",
    points: [
      "Create products and sales pages",
      "Get paid through your own payment account",
      "Track sales, customers and analytics",
    ],
  },
  {
    role: "customer",
    title: "I want to buy",
    to: "/customer-dashboard",
    icon: <IconDownload className="h-6 w-6" />,
    text: "Keep every product you bought in one place and open it whenever you need it.",
    points: ["Instant access to your purchases", "Receipts and content links in one place", "No subscription needed"],
  },
];

/** /role-selection: a signed-in person without a role chooses to sell or to buy. */
export default function RoleSelectionPage() {
  const { user, isPending } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const profile = useProfile(Boolean(user));
  const setRole = useSetRole();
  const [picked, setPicked] = useState<Choice | null>(null);

  if (isPending) return <PageSpinner />;
  if (!user)
    return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (profile.data && (profile.data.role === "admin" || profile.data.is_admin)) return <Navigate to="/admin" replace />;

  async function choose(choice: (typeof choices)[number]) {
    setPicked(choice.role);
    try {
      try {
        await setRole.mutateAsync({ role: choice.role });
      } catch (err) {
        // A seller with products or a plan: the server says what they keep; ask before switching.
        if (!needsSwitchConfirmation(err)) throw err;
        const ok = await confirmDialog({
          title: "Switch to buying?",
          message: err.message,
          confirmLabel: "Switch to buying",
          cancelLabel: "Keep selling",
        });
        if (!ok) return setPicked(null);
        await setRole.mutateAsync({ role: choice.role, confirm: true });
      }
      navigate(choice.to);
    } catch (err) {
      console.error(err);
      toast(
        choice.role === "creator" ? "Failed to set creator role" : "Something went wrong. Please try again.",
        "error",
      );
      setPicked(null);
    }
  }

  return (
    <AuthLayout wide>
      <div className="text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">One last step</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">How will you use Payloft?</h1>
        <p className="mt-3 text-slate-600">
          Choose what fits you best. You can always buy products, whichever you pick.
        </p>
      </div>
      <div className="mt-10 grid gap-4 sm:grid-cols-2">
        {choices.map((c) => (
          <button
            key={c.role}
            type="button"
            onClick={() => choose(c)}
            disabled={picked !== null}
            aria-busy={picked === c.role || undefined}
            className={cn(
              "group flex flex-col rounded-2xl border bg-white p-6 text-left shadow-sm transition",
              "hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
              "disabled:cursor-not-allowed disabled:opacity-70 disabled:hover:translate-y-0",
              profile.data?.role === c.role ? "border-brand-400 ring-2 ring-brand-100" : "border-slate-200",
            )}
          >
            <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
              {c.icon}
            </span>
            <span className="mt-5 text-xl font-semibold text-slate-900">{c.title}</span>
            <span className="mt-2 text-sm text-slate-600">{c.text}</span>
            <ul className="mt-4 space-y-1.5 text-sm text-slate-600">
              {c.points.map((p) => (
                <li key={p} className="flex gap-2">
                  <span className="text-brand-500">•</span>
                  {p}
                </li>
              ))}
            </ul>
            <span className="mt-6 inline-flex items-center gap-2 text-sm font-semibold text-brand-700">
              {picked === c.role ? (
                <>
                  <Spinner size="sm" /> Setting up…
                </>
              ) : (
                <>
                  Continue <IconArrowRight className="h-4 w-4 transition group-hover:translate-x-0.5" />
                </>
              )}
            </span>
          </button>
        ))}
      </div>
    </AuthLayout>
  );
}
