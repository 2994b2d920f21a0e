import { QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client";
import { queryKeys } from "./query-keys";

/** Data is stale after 300000 ms (5 minutes). */
export const STALE_TIME_MS = 300_000;

/** The one retry of a failed load waits this long. */
export const QUERY_RETRY_DELAY_MS = 300;

function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // A 401 anywhere means the session ended: drop the user so the guards send them to /login.
      onError: (error, query) => {
        if (error instanceof ApiError && error.status === 401 && query.queryKey[0] !== queryKeys.session[0]) {
          queryClient.setQueryData(queryKeys.session, null);
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        // A screen says what went wrong within 2 s: a 4xx is the answer, anything else gets
        // one quick second try (a dropped connection), then the error with 'Probeer weer'.
        retry: (failureCount, error) => !isClientError(error) && failureCount < 1,
        retryDelay: QUERY_RETRY_DELAY_MS,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
