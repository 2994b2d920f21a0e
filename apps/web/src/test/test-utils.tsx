/**
 * The one door to Testing Library for the component tests: what they need of
 * `@testing-library/react`, plus rendering inside the app's providers.
 */
import createCache, { type EmotionCache } from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import type { PublicUser } from "@kantien/domain/auth";
import type { QueryClient } from "@tanstack/react-query";
import { render, cleanup as unmountAll } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { AppProviders } from "../app/providers";
import { createQueryClient } from "../lib/query-client";
import { queryKeys } from "../lib/query-keys";

export { act, configure, render, screen, waitFor, within } from "@testing-library/react";

/**
 * Each render's own style cache. Emotion writes its rules into the document, which a worker
 * keeps from file to file, and the test DOM reads every rule again for each `getComputedStyle` (every
 * role query): with one cache per render, the document holds only the rules of the test that
 * runs, and `speedy` inserts them into one sheet instead of a `<style>` each (a sixth less CPU
 * than one sheet per rule). Decision 0051.
 */
const styleCaches: EmotionCache[] = [];

/** Unmounts what the test rendered and removes its styles (src/test/setup.ts, after each test). */
export function cleanup() {
  unmountAll();
  for (const cache of styleCaches.splice(0)) cache.sheet.flush();
}

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
  const styleCache = createCache({ key: "css", speedy: true });
  styleCaches.push(styleCache);
  const result = render(
    <CacheProvider value={styleCache}>
      <AppProviders queryClient={queryClient}>
        <MemoryRouter initialEntries={[options.route ?? "/"]}>{ui}</MemoryRouter>
      </AppProviders>
    </CacheProvider>,
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
