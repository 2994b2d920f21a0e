import { expect, type Page, test } from "./support/fixtures";

// The customers' ordering app is installable and starts offline (decision 0023).

const LOGIN_HEADING = { name: "Teken in om te bestel" };

/** Opens /my/login and waits until its service worker controls the page and has cached what it loaded. */
async function installOrderingApp(page: Page) {
  await page.goto("/my/login");
  await expect(page.getByRole("heading", LOGIN_HEADING)).toBeVisible();
  await expect(page.locator('link[rel="manifest"]'), "startInstallableApp() ran").toHaveAttribute(
    "href",
    "/my/manifest.webmanifest",
  );
  // The worker registers after the page's load event and then takes the page over.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 10_000,
  });
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe("/my");
  await expect.poll(() => uncachedChunks(page), { timeout: 10_000 }).toEqual([]);
}

/** The chunks this page loaded that no cache of the worker holds. */
function uncachedChunks(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const loaded = performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((url) => new URL(url).pathname.startsWith("/assets/"));
    const missing: string[] = [];
    for (const url of loaded) if (!(await caches.match(url))) missing.push(url);
    return missing;
  });
}

/** Every URL path in the worker's caches. */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

test("the app's page comes as the build compressed it, on the back office's paths and the ordering app's", async ({
  request,
}) => {
  for (const url of ["/login", "/my", "/my/login", "/kitchen/board"]) {
    const answer = await request.get(url, { headers: { "accept-encoding": "br" } });
    expect(answer.status(), url).toBe(200);
    expect(answer.headers()["content-encoding"], url).toBe("br");
    expect(await answer.text(), url).toContain('id="root"');
  }
});

test("the manifest is the ordering app's, scoped to /my, and its icons load", async ({ request }) => {
  const answer = await request.get("/my/manifest.webmanifest");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = await answer.json();
  expect(manifest).toMatchObject({
    id: "/my",
    scope: "/my",
    start_url: "/my",
    display: "standalone",
    short_name: "Kantien",
    lang: "af",
  });
  const icons: { src: string; sizes: string; type: string; purpose: string }[] = manifest.icons;
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of [...icons, { src: "/my/apple-touch-icon.png" }]) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()["content-type"], icon.src).toBe("image/png");
  }
});

test("the back office links no manifest and installs no worker", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByLabel(/e-pos/i)).toBeVisible();
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  expect(
    await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length)),
  ).toBe(0);
});

test("/my/login installs the app, which starts offline with what the customer loaded and nothing else", async ({
  page,
  context,
}) => {
  const apiFromWorker: string[] = [];
  // What the page asked for (the tests' clock fakes `performance`, so its resource timings are empty).
  const loaded: string[] = [];
  page.on("request", (request) => {
    loaded.push(new URL(request.url()).pathname);
  });
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/api/") && response.fromServiceWorker()) {
      apiFromWorker.push(response.url());
    }
  });
  await installOrderingApp(page);
  // Installable as Chromium itself judges it, with a manifest it reads without complaint.
  const devTools = await context.newCDPSession(page);
  const { errors } = await devTools.send("Page.getAppManifest");
  expect(errors).toEqual([]);
  const { installabilityErrors } = await devTools.send("Page.getInstallabilityErrors");
  // No reason against it. Playwright's contexts are incognito, where a full browser installs
  // nothing: that reason is not the app's (the headless shell does not give it).
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== "in-incognito")).toEqual(
    [],
  );

  // The shell and the ordering app's files, and of the chunks only those this page loaded: no
  // back-office code, no API answer.
  const cached = await cachedPaths(page);
  expect(cached).toEqual(
    expect.arrayContaining(["/index.html", "/my/offline.html", "/my/manifest.webmanifest"]),
  );
  expect(cached.filter((path) => path.startsWith("/assets/") && !loaded.includes(path))).toEqual([]);
  expect(cached.filter((path) => path.startsWith("/api/"))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", LOGIN_HEADING)).toBeVisible();
  // The API fails visibly offline: the worker answers no API request.
  const apiOffline = await page.evaluate(() =>
    fetch("/api/auth/me").then(
      (answer) => `answered ${answer.status}`,
      () => "failed",
    ),
  );
  expect(apiOffline).toBe("failed");

  // A screen never opened still starts: the shell, never the browser's own offline page.
  const wallet = await page.goto("/my/wallet");
  expect(wallet?.fromServiceWorker()).toBe(true);
  await expect(
    page.getByRole("heading", LOGIN_HEADING).or(page.getByRole("heading", { name: "Jy is vanlyn" })),
  ).toBeVisible();
  expect(apiFromWorker).toEqual([]);
});

test("offline without the shell in its cache, the worker shows the offline page, whose button tries again", async ({
  page,
  context,
}) => {
  await installOrderingApp(page);
  await page.evaluate(async () => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (new URL(request.url).pathname === "/index.html") await cache.delete(request);
      }
    }
  });

  await context.setOffline(true);
  await page.goto("/my/orders");
  await expect(page.getByRole("heading", { name: "Jy is vanlyn" })).toBeVisible();
  await expect(page.getByText("Niks word vanlyn bestel nie", { exact: false })).toBeVisible();
  // Its icon too comes from the worker's cache.
  expect(await page.locator("img").evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(
    0,
  );

  await context.setOffline(false);
  await page.getByRole("button", { name: /probeer weer/i }).click();
  // Online again: the app itself, which sends a visitor who is not signed in to its sign-in.
  await expect(page.getByRole("heading", LOGIN_HEADING)).toBeVisible();
});
