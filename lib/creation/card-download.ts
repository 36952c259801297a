/**
 * Fetching a character card file (GET /v1/robot/card): signed and sent like every client request, with the bearer
 * token when signed in (the creator may export a private character). The answer is the file itself; an error is
 * the usual envelope, thrown as ApiError.
 */
import { fetchApiFile, type ApiFile } from "@/lib/api/fetch-file";

export type CardFormat = "png" | "json";

export type CardFile = ApiFile;

export function fetchCardFile(id: number, format: CardFormat, signal?: AbortSignal): Promise<CardFile> {
  return fetchApiFile("/v1/robot/card", { id: String(id), format }, `character-${id}.${format}`, signal);
}

/** Saves a blob as a download named `filename` (an object URL on a temporary link, revoked afterwards). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked on the next task: some browsers start the download only after the click handler returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
