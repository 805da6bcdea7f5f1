import { CenteredMessage } from "./CenteredMessage";
import { ButtonLink } from "./ui/ButtonLink";
import { IconSparkles } from "./ui/icons";

/** A clearly titled stand-in for a screen that a later issue builds. */
export function Placeholder({ title }: { title: string }) {
  return (
    <CenteredMessage
      icon={<IconSparkles />}
      eyebrow="Coming soon"
      title={title}
      actions={
        <ButtonLink to="/" variant="secondary">
          Back to home
        </ButtonLink>
      }
    >
      This screen is being built.
    </CenteredMessage>
  );
}
