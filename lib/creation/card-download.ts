/**
 * Fetching a character card file (GET /v1/robot/card): signed and sent like every client request, with the bearer
 * token when signed in (the creator may export a private character). The answer is the file itself; an error is
 * the usual envelope, thrown as ApiError.
 */
import { ApiError, INVALID_RESPONSE_CODE } from "@/lib/api/errors";
import { prepareRequest } from "@/lib/api/prepare-request";
import { readAnswer } from "@/lib/api/read-answer";
import { sendPrepared, toTransportError } from "@/lib/api/send";
import { dispositionFilename } from "@/lib/format/content-disposition";

export type CardFormat = "png" | "json";

export interface CardFile {
  blob: Blob;
  filename: string;
}

export async function fetchCardFile(id: number, format: CardFormat, signal?: AbortSignal): Promise<CardFile> {
  const prepared = await prepareRequest(
    "GET",
    "/v1/robot/card",
    { id: String(id), format },
    undefined,
    undefined,
    signal,
  );
  const response = await sendPrepared(prepared, signal);
  if (!response.ok) {
    // Throws the envelope's code and message (and runs the 401 hook); an envelope that says "ok" on an error
    // status is still a failure.
    await readAnswer(response, prepared.token, signal);
    throw new ApiError({ code: INVALID_RESPONSE_CODE, status: response.status });
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    throw toTransportError(error, signal);
  }
  const filename = dispositionFilename(response.headers.get("content-disposition")) ?? `character-${id}.${format}`;
  return { blob, filename };
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
