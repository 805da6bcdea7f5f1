import { Card, CardContent, CardHeader } from "@/components/ui/Card";
import { IconCheck } from "@/components/ui/icons";
import { useSupportEmail } from "@/lib/publicStatus";

/** Response time shown next to the support address. */
const SUPPORT_RESPONSE_TIME = "Usually within 24 hours";

/** Help & Support: FAQ, the support e-mail (an admin setting), response time and troubleshooting tips. */
const FAQ = [
  {
    q: "How do I access my purchased content?",
    a: "Open the My Products tab and click 'Access Content' next to the product. The content opens in a new browser tab.",
  },
  {
    q: "Can I download content for offline use?",
    a: "That depends on the creator: many products are downloadable files or pages you can save, while others (such as online courses or shared documents) are only available online.",
  },
  {
    q: "What if I can't access my content?",
    a: "Try the troubleshooting tips below. If the link still does not work, write to support with the product name and your purchase date and we will sort it out with the creator.",
  },
  {
    q: "Where can I find my purchase history?",
    a: "The Purchase History tab lists every purchase with its creator, amount, date and status, plus your totals.",
  },
  {
    q: "How do refunds work?",
    a: "Write to support with the product name and purchase date; we handle the request with the creator. Once a purchase is refunded it shows as Refunded in your history and its content can no longer be opened.",
  },
];

const TIPS = [
  "Allow pop-ups for this site: content opens in a new tab.",
  "Sign in with the same Google account you used to buy.",
  "Refresh the page, or try another browser or a private window.",
  "Turn off browser extensions that block links or scripts.",
  "Check your connection, then click 'Access Content' again.",
];

export function HelpSupportTab() {
  const support = useSupportEmail();
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader title="Frequently Asked Questions" />
        <CardContent className="divide-y divide-slate-100 py-0 sm:py-0">
          {FAQ.map((f) => (
            <details key={f.q} className="group py-4">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium text-slate-900">
                {f.q}
                <span className="text-slate-400 transition group-open:rotate-45" aria-hidden>
                  +
                </span>
              </summary>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{f.a}</p>
            </details>
          ))}
        </CardContent>
      </Card>
      <div className="space-y-6">
        <Card>
          <CardHeader title="Contact Support" />
          <CardContent className="space-y-3 text-sm">
            <div>
              <p className="text-slate-500">Email</p>
              {support.data ? (
                <a
                  href={`mailto:${support.data}`}
                  className="font-medium text-brand-600 hover:text-brand-700"
                  data-testid="support-email"
                >
                  {support.data}
                </a>
              ) : (
                <p className="text-slate-400">Loading…</p>
              )}
            </div>
            <div>
              <p className="text-slate-500">Response time</p>
              <p className="font-medium text-slate-900">{SUPPORT_RESPONSE_TIME}</p>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader title="Troubleshooting Tips" />
          <CardContent>
            <ul className="space-y-2 text-sm text-slate-600">
              {TIPS.map((t) => (
                <li key={t} className="flex gap-2">
                  <IconCheck className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" />
                  {t}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
