import { QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { createQueryClient, QUERY_RETRY_DELAY_MS } from "./query-client";

/** Fetches once through the app's defaults; how many tries, and how long until the error. */
async function load(error: Error) {
  const client = createQueryClient();
  let tries = 0;
  const started = Date.now();
  await client
    .fetchQuery({
      queryKey: ["x"],
      queryFn: async () => {
        tries += 1;
        throw error;
      },
      // fetchQuery leaves retries off by default; take the screens' policy.
      retry: client.getDefaultOptions().queries?.retry,
    })
    .catch(() => undefined);
  return { tries, ms: Date.now() - started };
}

describe("the query client's retry policy", () => {
  it("never retries an answer in the 4xx range: it is the answer", async () => {
    expect((await load(new ApiError(404, "not_found", "Nie gevind nie."))).tries).toBe(1);
    expect((await load(new ApiError(403, "forbidden", "Nee."))).tries).toBe(1);
  });

  it("tries a server or network failure once more, quickly, so the error shows within 2 s", async () => {
    const failed = await load(new ApiError(500, "internal_error", "Bediener af"));
    expect(failed.tries).toBe(2);
    expect(failed.ms).toBeLessThan(2000);
    expect((await load(new TypeError("Failed to fetch"))).tries).toBe(2);
    expect(QUERY_RETRY_DELAY_MS).toBeLessThan(1000);
  });

  it("keeps the observer's defaults too", () => {
    const client = createQueryClient();
    const observer = new QueryObserver(client, { queryKey: ["y"], queryFn: () => 1 });
    expect(observer.options.retryDelay).toBe(QUERY_RETRY_DELAY_MS);
  });
});
