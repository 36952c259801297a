/**
 * A file from the API (a download): signed and sent like every client request, with the bearer token when signed
 * in. The answer is the file itself; an error is the usual envelope, thrown as ApiError.
 */
import { dispositionFilename } from "@/lib/format/content-disposition";
import { ApiError, INVALID_RESPONSE_CODE } from "./errors";
import { prepareRequest, type QueryParams } from "./prepare-request";
import { readAnswer } from "./read-answer";
import { sendPrepared, toTransportError } from "./send";

export interface ApiFile {
  blob: Blob;
  filename: string;
}

/** GETs `path` as a file, named by its Content-Disposition, else `fallbackName`. */
export async function fetchApiFile(
  path: string,
  query: QueryParams,
  fallbackName: string,
  signal?: AbortSignal,
): Promise<ApiFile> {
  const prepared = await prepareRequest("GET", path, query, undefined, undefined, signal);
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
  return { blob, filename: dispositionFilename(response.headers.get("content-disposition")) ?? fallbackName };
}
