import { Link } from "react-router-dom";
import { IconLink } from "@/components/ui/icons";
import { useInvitations, usePrograms } from "@/features/affiliates/api/area";

/**
 * "Affiliate" in a dashboard's navigation, for a signed-in person who promotes at least one
 * creator or has an invitation to answer (their /affiliate area; an open invitation shows as a
 * count); nothing for everyone else. `className`: the dashboard's own link style.
 */
export function AffiliateAreaLink({ className }: { className: string }) {
  const programs = usePrograms(true);
  const invitations = useInvitations(true);
  const open = invitations.data?.length ?? 0;
  if (!programs.data?.length && !open) return null;
  return (
    <Link to="/affiliate" className={className}>
      <IconLink className="h-5 w-5" /> Affiliate
      {open > 0 && (
        <span className="ml-auto rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
          {open}
          <span className="sr-only"> {open === 1 ? "invitation" : "invitations"} to answer</span>
        </span>
      )}
    </Link>
  );
}
