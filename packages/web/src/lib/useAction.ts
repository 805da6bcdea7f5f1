import { useCallback, useRef, useState } from "react";

/**
 * One request a person starts (Buy, Apply, Get it free), with its state: what the server-rendered
 * pages use instead of TanStack Query's useMutation, whose query cache they have no use for (their
 * data comes with the page). The same shape as useMutation where the pages use it; the handlers
 * given to `mutate` run only for the latest call, so an answer that arrives late is dropped.
 */
type Status = "idle" | "pending" | "success" | "error";

export interface Action<I, O> {
  mutate: (input: I, handlers?: { onSuccess?: (data: O) => void; onError?: (error: Error) => void }) => void;
  reset: () => void;
  status: Status;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  data: O | undefined;
  error: Error | null;
}

export function useAction<I, O>(run: (input: I) => Promise<O>): Action<I, O> {
  const [state, setState] = useState<{ status: Status; data?: O; error: Error | null }>({
    status: "idle",
    error: null,
  });
  const latest = useRef(0);
  const mutate = useCallback<Action<I, O>["mutate"]>(
    (input, handlers) => {
      const call = ++latest.current;
      setState({ status: "pending", error: null });
      run(input).then(
        (data) => {
          if (call !== latest.current) return;
          setState({ status: "success", data, error: null });
          handlers?.onSuccess?.(data);
        },
        (err: unknown) => {
          if (call !== latest.current) return;
          const error = err instanceof Error ? err : new Error(String(err));
          setState({ status: "error", error });
          handlers?.onError?.(error);
        },
      );
    },
    [run],
  );
  const reset = useCallback(() => {
    latest.current++;
    setState({ status: "idle", error: null });
  }, []);
  return {
    mutate,
    reset,
    status: state.status,
    isPending: state.status === "pending",
    isSuccess: state.status === "success",
    isError: state.status === "error",
    data: state.data,
    error: state.error,
  };
}
