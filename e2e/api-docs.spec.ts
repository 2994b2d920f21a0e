import { DEMO } from "./support/env";
import { expect, signIn, test } from "./support/fixtures";

// The app's CSP stays on: the reference page must render under it, from our own files.
test("an admin reads the API reference, rendered from the app's own files under its CSP", async ({
  page,
  baseURL,
}) => {
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  // From here on: no console error (a CSP refusal is one) and no request to another origin.
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("request", (request) => {
    if (!request.url().startsWith(baseURL ?? "")) problems.push(`external request: ${request.url()}`);
  });

  await page.goto("/api/docs");
  // The reference renders the whole document in one go: on a busy 2-core machine that has taken
  // longer than the default 10 s.
  await expect(page.getByRole("heading", { name: /API/ }).first()).toBeVisible({ timeout: 30_000 });
  // An operation from the document, with its declared answer.
  await page.getByText("/api/orders/{id}", { exact: true }).first().click();
  await expect(page.getByText("Responses").first()).toBeVisible();
  expect(problems).toEqual([]);
});

test("the API reference and its document are refused to a visitor who is not signed in", async ({
  request,
}) => {
  for (const url of ["/api/docs", "/api/openapi.json"]) {
    const res = await request.get(url);
    expect(res.status()).toBe(401);
    expect((await res.json()).code).toBe("unauthenticated");
  }
});
