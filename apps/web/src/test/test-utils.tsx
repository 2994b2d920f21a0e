/**
 * The one door to Testing Library for the component tests: what they need of
 * `@testing-library/react`, plus rendering inside the app's providers.
 */
import type { PublicUser } from "@kantien/domain/auth";
import type { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { AppProviders } from "../app/providers";
import { createQueryClient } from "../lib/query-client";
import { queryKeys } from "../lib/query-keys";

export { act, cleanup, configure, render, screen, waitFor, within } from "@testing-library/react";

export function createTestQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  return queryClient;
}

type RenderOptions = { route?: string; user?: PublicUser | null; queryClient?: QueryClient };

/** Renders with the app's providers and a memory router; `user` pre-resolves the session. */
export function renderWithApp(ui: ReactNode, options: RenderOptions = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  if (options.user !== undefined) queryClient.setQueryData(queryKeys.session, options.user);
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[options.route ?? "/"]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient, user: userEvent.setup({ delay: null }) };
}

export function testUser(roleId: number, overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: `user-${roleId}`,
    email: `user${roleId}@kantien.example`,
    role: "user",
    role_id: roleId,
    first_name: "Thandi",
    last_name: "Botha",
    ...overrides,
  };
}
