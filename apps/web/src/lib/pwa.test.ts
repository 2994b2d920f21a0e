import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** A fresh copy of the module each time: it remembers that it has registered the worker. */
async function loadPwa() {
  vi.resetModules();
  return import("./pwa");
}

/** navigator.serviceWorker as a browser has it, until the first worker takes the page over. */
function fakeServiceWorkerContainer() {
  const container = Object.assign(new EventTarget(), {
    controller: null,
    register: vi.fn(async () => ({})),
  });
  Object.defineProperty(navigator, "serviceWorker", { configurable: true, value: container });
  return container;
}

describe("startInstallableApp", () => {
  beforeEach(() => {
    for (const element of document.head.querySelectorAll("link, meta[name='theme-color']")) element.remove();
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, "serviceWorker");
  });

  it("links the manifest, the touch icon and the theme colour once, however often it is called", async () => {
    const { startInstallableApp, MANIFEST_URL } = await loadPwa();
    startInstallableApp();
    startInstallableApp();

    const manifests = document.head.querySelectorAll('link[rel="manifest"]');
    expect(manifests).toHaveLength(1);
    expect(manifests[0]).toHaveAttribute("href", MANIFEST_URL);
    expect(document.head.querySelectorAll('link[rel="apple-touch-icon"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="theme-color"]')).toHaveAttribute("content", "#1976d2");
  });

  it("leaves a theme colour the page already has", async () => {
    const meta = Object.assign(document.createElement("meta"), { name: "theme-color", content: "#000000" });
    document.head.append(meta);
    const { startInstallableApp } = await loadPwa();
    startInstallableApp();
    expect(document.head.querySelectorAll('meta[name="theme-color"]')).toHaveLength(1);
    expect(meta.content).toBe("#000000");
  });

  it("registers nothing where there are no service workers, as in happy-dom", async () => {
    expect("serviceWorker" in navigator).toBe(false);
    const fetchSpy = vi.fn();
    vi.stubGlobal("fetch", fetchSpy);
    const { startInstallableApp } = await loadPwa();
    expect(() => startInstallableApp()).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("registers the worker for /my once, after the page has loaded", async () => {
    const container = fakeServiceWorkerContainer();
    const { startInstallableApp } = await loadPwa();
    expect(document.readyState).toBe("complete");
    startInstallableApp();
    startInstallableApp();
    await vi.waitFor(() => expect(container.register).toHaveBeenCalled());
    expect(container.register).toHaveBeenCalledTimes(1);
    expect(container.register).toHaveBeenCalledWith("/my/sw.js", { scope: "/my" });
  });

  it("passes the chunks the page loaded through its first worker once it takes over", async () => {
    const container = fakeServiceWorkerContainer();
    const origin = window.location.origin;
    vi.spyOn(performance, "getEntriesByType").mockReturnValue([
      { name: `${origin}/assets/index-abc.js` },
      { name: `${origin}/assets/my-routes-def.js` },
      { name: `${origin}/api/auth/me` },
      { name: "https://elsewhere.example/assets/x.js" },
    ] as PerformanceEntryList);
    const fetchSpy = vi.fn(async (_url: URL) => new Response(""));
    vi.stubGlobal("fetch", fetchSpy);
    const { startInstallableApp } = await loadPwa();
    startInstallableApp();
    await vi.waitFor(() => expect(container.register).toHaveBeenCalled());
    expect(fetchSpy).not.toHaveBeenCalled();

    container.dispatchEvent(new Event("controllerchange"));
    container.dispatchEvent(new Event("controllerchange"));
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(2));
    const fetched = fetchSpy.mock.calls.map(([url]) => String(url));
    expect(fetched).toEqual([`${origin}/assets/index-abc.js`, `${origin}/assets/my-routes-def.js`]);
  });
});
