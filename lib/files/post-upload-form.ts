/** Sends a file with an upload ticket's presigned POST: to S3 (or R2, MinIO), or to this app's local disk route. */
import { ApiError, NETWORK_ERROR_MESSAGE } from "@/lib/api";
import { currentConfig } from "@/lib/api/config";
import { readEnvelope } from "@/lib/api/envelope";
import { NETWORK_ERROR_CODE } from "@/lib/api/errors";
import { FILE_CODES, type UploadTicket } from "@/lib/contracts/files";

export const UPLOAD_TOO_LARGE_MESSAGE = "The image must be at most 8 MB";
export const UPLOAD_EXPIRED_MESSAGE = "The upload took too long. Please try again.";
export const UPLOAD_FAILED_MESSAGE = "The upload failed. Please try again.";

/** The form as S3 wants it: every field of the ticket first, in order, then the file as `file`. */
export function uploadForm(ticket: UploadTicket, file: Blob): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  // A ticket for any allowed type still needs the form to declare one (S3 checks the field, not the part).
  if (!("Content-Type" in ticket.fields) && file.type) form.append("Content-Type", file.type);
  form.append("file", file);
  return form;
}

/** S3's XML error (`<Error><Code>…</Code><Message>…</Message></Error>`) read without a DOM parser. */
function s3ErrorOf(text: string): { code: string; message: string } | null {
  const code = /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1];
  if (!code) return null;
  return { code, message: /<Message>([^<]{0,500})<\/Message>/.exec(text)?.[1] ?? "" };
}

/** One clear ApiError for a refused upload, whoever refused it. */
export function uploadErrorOf(status: number, text: string): ApiError {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const envelope = json === undefined ? null : readEnvelope(json);
  if (envelope && !envelope.ok) {
    return new ApiError({ code: envelope.code, msg: envelope.msg, data: envelope.data, status, body: json });
  }
  const s3 = s3ErrorOf(text);
  if (status === 413 || s3?.code === "EntityTooLarge") {
    return new ApiError({ code: FILE_CODES.UPLOAD_TOO_LARGE, msg: UPLOAD_TOO_LARGE_MESSAGE, status });
  }
  if (s3 && /expired/i.test(`${s3.code} ${s3.message}`)) {
    return new ApiError({ code: status || 403, msg: UPLOAD_EXPIRED_MESSAGE, status });
  }
  return new ApiError({ code: status || 500, msg: UPLOAD_FAILED_MESSAGE, status, data: s3 });
}

/** Resolves once the storage took the file (S3 and the local disk answer 204); rejects with ApiError otherwise. */
export async function postUploadForm(ticket: UploadTicket, file: Blob, signal?: AbortSignal): Promise<void> {
  const config = currentConfig();
  const url = /^https?:\/\//i.test(ticket.url) ? ticket.url : `${config.baseUrl}${ticket.url}`;
  let response: Response;
  try {
    response = await (config.fetch ?? fetch)(url, { method: "POST", body: uploadForm(ticket, file), signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ code: NETWORK_ERROR_CODE, msg: NETWORK_ERROR_MESSAGE, cause: error });
  }
  if (response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return;
  }
  throw uploadErrorOf(response.status, await response.text().catch(() => ""));
}
