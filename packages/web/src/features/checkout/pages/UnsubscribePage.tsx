import { useSearchParams } from "react-router-dom";
import { CenteredMessage } from "@/components/CenteredMessage";
import { Button } from "@/components/ui/Button";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { IconAlert, IconCheck, IconInbox } from "@/components/ui/icons";
import { ApiError } from "@/lib/api";
import { useUnsubscribe } from "@/features/checkout/api/unsubscribe";

/**
 * /unsubscribe?token=: from the footer of a checkout reminder e-mail. The opt-out is recorded
 * only when the reader presses the button (mail scanners that open links change nothing).
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const unsubscribe = useUnsubscribe();
  const home = <ButtonLink to="/">Back to home</ButtonLink>;

  if (unsubscribe.isSuccess) {
    return (
      <CenteredMessage icon={<IconCheck />} title="You're unsubscribed" actions={home}>
        <p role="status">
          {unsubscribe.data.email} won't get any more reminders about unfinished checkouts. Receipts for things you buy
          still arrive as usual.
        </p>
      </CenteredMessage>
    );
  }
  const failed = !token || unsubscribe.isError;
  if (failed) {
    return (
      <CenteredMessage icon={<IconAlert />} title="This link doesn't work" actions={home}>
        <p role="alert">
          {unsubscribe.error instanceof ApiError
            ? unsubscribe.error.message
            : "This unsubscribe link is not valid. Please use the link from the e-mail as it is."}
        </p>
      </CenteredMessage>
    );
  }
  return (
    <CenteredMessage
      icon={<IconInbox />}
      title="Stop checkout reminders?"
      actions={
        <Button loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
          Unsubscribe
        </Button>
      }
    >
      We e-mail a reminder when a checkout is left unpaid. Unsubscribe and we won't send you these reminders again.
    </CenteredMessage>
  );
}
