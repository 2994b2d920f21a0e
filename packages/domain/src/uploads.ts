import { z } from "zod";

/** Where uploaded images are served; the server chooses every name under it. */
export const UPLOADS_URL_PREFIX = "/uploads/";

/** The urls of a stored image and of its small thumbnail for the menu cards. */
export function storedImageUrls(id: string): { url: string; thumbnailUrl: string } {
  return { url: `${UPLOADS_URL_PREFIX}${id}.webp`, thumbnailUrl: `${UPLOADS_URL_PREFIX}${id}-thumb.webp` };
}

const STORED_IMAGE_URL = /^\/uploads\/([0-9a-f]{32})\.webp$/;

/** The thumbnail of an image we stored; any other image url (a pasted link) stays as it is. */
export function cardImageUrl(imageUrl: string): string {
  const id = STORED_IMAGE_URL.exec(imageUrl)?.[1];
  return id ? storedImageUrls(id).thumbnailUrl : imageUrl;
}

/** Both upload routes (201): the url at the top level and, with the thumbnail, under `data`. */
export const uploadAnswer = z.object({
  success: z.literal(true),
  url: z.string(),
  data: z.object({ url: z.string(), thumbnailUrl: z.string() }),
});
