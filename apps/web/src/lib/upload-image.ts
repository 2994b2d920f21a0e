/** Why an upload gave no usable url; the dialog shows the matching text under the image field. */
export class UploadError extends Error {
  override readonly name = "UploadError";
  constructor(readonly reason: "failed" | "no_url") {
    super(reason);
  }
}

type UploadAnswer = { url?: unknown; data?: { url?: unknown } };

/**
 * `POST /api/admin/upload/weekly-item-file`, multipart field `file`. XMLHttpRequest
 * rather than fetch for upload progress; the browser sets the multipart Content-Type and
 * the same-site Origin the server checks.
 */
export function uploadImage(file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/admin/upload/weekly-item-file");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new UploadError("failed"));
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new UploadError("failed"));
        return;
      }
      let answer: UploadAnswer | null = null;
      try {
        answer = JSON.parse(xhr.responseText) as UploadAnswer;
      } catch {
        answer = null;
      }
      const url = answer?.data?.url ?? answer?.url;
      if (typeof url === "string" && url) resolve(url);
      else reject(new UploadError("no_url"));
    };
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
}
