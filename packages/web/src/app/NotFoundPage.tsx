import { CenteredMessage } from "@/components/CenteredMessage";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { IconSearch } from "@/components/ui/icons";

export default function NotFoundPage() {
  return (
    <CenteredMessage
      icon={<IconSearch />}
      eyebrow="404"
      title="Page not found"
      actions={<ButtonLink to="/">Back to home</ButtonLink>}
    >
      The page you are looking for doesn't exist or has moved.
    </CenteredMessage>
  );
}
