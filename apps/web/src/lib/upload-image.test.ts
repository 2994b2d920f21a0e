import { afterEach, describe, expect, it, vi } from "vitest";
import { UploadError, uploadImage } from "./upload-image";

type Answer = { status: number; body: string } | "network";

/** A stand-in XMLHttpRequest that answers once `send` is called, after one progress event. */
function fakeXhr(answer: Answer) {
  const sent: { method?: string; url?: string; body?: unknown; headers: Record<string, string> } = {
    headers: {},
  };
  class FakeXhr {
    status = 0;
    responseText = "";
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open(method: string, url: string) {
      sent.method = method;
      sent.url = url;
    }
    setRequestHeader(name: string, value: string) {
      sent.headers[name] = value;
    }
    send(body: unknown) {
      sent.body = body;
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        if (answer === "network") {
          this.onerror?.();
          return;
        }
        this.status = answer.status;
        this.responseText = answer.body;
        this.onload?.();
      });
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return sent;
}

const file = () => new File(["x"], "bobotie.png", { type: "image/png" });

afterEach(() => vi.unstubAllGlobals());

describe("uploadImage", () => {
  it("sends the file as multipart field `file` and answers the url, reporting progress", async () => {
    const sent = fakeXhr({
      status: 201,
      body: JSON.stringify({ success: true, url: "/uploads/a.webp", data: { url: "/uploads/a.webp" } }),
    });
    const progress: number[] = [];
    await expect(uploadImage(file(), (p) => progress.push(p))).resolves.toBe("/uploads/a.webp");
    expect(sent.method).toBe("POST");
    expect(sent.url).toBe("/api/admin/upload/weekly-item-file");
    expect(sent.body).toBeInstanceOf(FormData);
    expect((sent.body as FormData).get("file")).toBeInstanceOf(File);
    expect(Object.keys(sent.headers).map((h) => h.toLowerCase())).not.toContain("content-type");
    expect(progress).toEqual([50]);
  });

  it("fails with no_url when the answer has no url", async () => {
    fakeXhr({ status: 200, body: JSON.stringify({ success: true, data: {} }) });
    await expect(uploadImage(file(), () => {})).rejects.toEqual(new UploadError("no_url"));
  });

  it("fails when the server refuses or the network fails", async () => {
    fakeXhr({ status: 415, body: JSON.stringify({ success: false, message: "Verkeerde tipe" }) });
    await expect(uploadImage(file(), () => {})).rejects.toMatchObject({ reason: "failed" });
    fakeXhr("network");
    await expect(uploadImage(file(), () => {})).rejects.toMatchObject({ reason: "failed" });
  });
});
