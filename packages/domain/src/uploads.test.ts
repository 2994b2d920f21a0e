import { describe, expect, it } from "vitest";
import { cardImageUrl, storedImageUrls } from "./uploads";

const ID = "0123456789abcdef0123456789abcdef";

describe("card images", () => {
  it("show the thumbnail of an image the server stored", () => {
    const { url, thumbnailUrl } = storedImageUrls(ID);
    expect(url).toBe(`/uploads/${ID}.webp`);
    expect(cardImageUrl(url)).toBe(thumbnailUrl);
    expect(thumbnailUrl).toBe(`/uploads/${ID}-thumb.webp`);
  });

  it("keep any other url as it is", () => {
    for (const url of [
      "https://example.com/bobotie.jpg",
      `/uploads/${ID}-thumb.webp`,
      "/uploads/../x.webp",
    ]) {
      expect(cardImageUrl(url)).toBe(url);
    }
  });
});
