import type { MeAnswer, PublicUser } from "@kantien/domain/auth";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api, isNetworkError } from "./api-client";
import { queryKeys } from "./query-keys";
import { readStorage, writeStorage } from "./storage";

const USER_STORAGE_KEY = "admin_user";

/** The display copy of the user (stored as `admin_user`); the server's answer always wins. */
export function readStoredUser(): PublicUser | null {
  const raw = readStorage(USER_STORAGE_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === "object" && value !== null && "role_id" in value && "email" in value) {
      return value as PublicUser;
    }
  } catch {
    // A corrupt copy is only a display hint; drop it below.
  }
  writeStorage(USER_STORAGE_KEY, null);
  return null;
}

function storeUser(user: PublicUser | null): void {
  writeStorage(USER_STORAGE_KEY, user ? JSON.stringify(user) : null);
}

async function fetchSessionUser(signal: AbortSignal, client: QueryClient): Promise<PublicUser | null> {
  try {
    const answer = await api.get<MeAnswer>("/api/auth/me", { signal });
    storeUser(answer.user);
    // The same answer says when the session ends: the kitchen's warning asks no second time.
    client.setQueryData(queryKeys.sessionEnd, answer.sessionEndsAt);
    return answer.user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      storeUser(null);
      return null;
    }
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: queryKeys.session,
  queryFn: ({ signal, client }) => fetchSessionUser(signal, client),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
  refetchOnWindowFocus: false,
});

export type Session = {
  /** The signed-in user, or null (also when the lookup failed). */
  user: PublicUser | null;
  /** True while `GET /api/auth/me` has not answered yet. */
  isResolving: boolean;
};

export function useSession(): Session {
  const query = useQuery(sessionQueryOptions);
  // Offline (no answer at all), the user stored on this device stays signed in: the installed
  // ordering app then opens and says it is offline, instead of showing the sign-in screen.
  const offline = query.isError && isNetworkError(query.error);
  return { user: query.data ?? (offline ? readStoredUser() : null), isResolving: query.isPending };
}

export function setSessionUser(queryClient: QueryClient, user: PublicUser | null): void {
  storeUser(user);
  queryClient.setQueryData(queryKeys.session, user);
  // A new session (or none) has an end of its own.
  queryClient.removeQueries({ queryKey: queryKeys.sessionEnd });
}

/**
 * When this browser's session ends for good (`sessionEndsAt` of `GET /api/auth/me`, the
 * absolute limit), for the kitchen screens' warning. The session query's `/me` fills it; after
 * a sign-in (which does not ask `/me`) it is asked where it is shown. A session's end never
 * moves, so it is never stale.
 */
export const sessionEndQueryOptions = queryOptions({
  queryKey: queryKeys.sessionEnd,
  queryFn: async ({ signal }) => (await api.get<MeAnswer>("/api/auth/me", { signal })).sessionEndsAt,
  staleTime: Number.POSITIVE_INFINITY,
});

/** The session's absolute end as an ISO instant, or undefined until it is known. */
export function useSessionEnd(): string | undefined {
  return useQuery(sessionEndQueryOptions).data;
}

/** Ends the session on the server, and locally even when that call fails. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await api.post("/api/auth/logout", { body: {} });
  } catch (error) {
    console.warn("Logout call failed; clearing the local session anyway", error);
  }
  queryClient.clear();
  setSessionUser(queryClient, null);
}
