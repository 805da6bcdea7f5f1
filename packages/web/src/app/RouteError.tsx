import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { CenteredMessage } from "@/components/CenteredMessage";
import { Button } from "@/components/ui/Button";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { IconAlert } from "@/components/ui/icons";

/**
 * Error boundary for every route: a friendly message instead of a blank page. A failed lazy
 * chunk (usually a new deploy replaced the files) is fixed by reloading, so that is offered first.
 */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : "Something went wrong while showing this page. Reloading usually fixes it.";
  return (
    <CenteredMessage
      icon={<IconAlert />}
      title="We hit a problem"
      actions={
        <>
          <Button onClick={() => window.location.reload()}>Reload page</Button>
          <ButtonLink to="/" variant="secondary">
            Go home
          </ButtonLink>
        </>
      }
    >
      {message}
    </CenteredMessage>
  );
}
