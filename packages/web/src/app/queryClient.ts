import { QueryClient } from "@tanstack/react-query";

/** One cache per page load, shared by the app and the sales page's light entry. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 } },
});
