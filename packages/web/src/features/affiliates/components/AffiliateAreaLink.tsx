import { Link } from "react-router-dom";
import { IconLink } from "@/components/ui/icons";
import { usePrograms } from "@/features/affiliates/api/area";

/**
 * "Affiliate" in a dashboard's navigation, for a signed-in person who promotes at least one
 * creator (their /affiliate area); nothing for everyone else. `className`: the dashboard's own
 * link style.
 */
export function AffiliateAreaLink({ className }: { className: string }) {
  const programs = usePrograms(true);
  if (!programs.data?.length) return null;
  return (
    <Link to="/affiliate" className={className}>
      <IconLink className="h-5 w-5" /> Affiliate
    </Link>
  );
}
