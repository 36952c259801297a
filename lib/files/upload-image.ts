/** The one call forms use to upload an image: the browser's checks, the ticket, the form post and the verification. */
import { ApiError } from "@/lib/api";
import {
  FILE_CODES,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_MAX_BYTES,
  type UploadContentType,
  type VerifiedUpload,
} from "@/lib/contracts/files";
import { postUploadForm, UPLOAD_TOO_LARGE_MESSAGE } from "./post-upload-form";
import { fetchUploadTicket, verifyUploadedFile } from "./upload-api";

export const UPLOAD_TYPE_MESSAGE = "Choose a PNG, JPEG or WebP image";
export const UPLOAD_EMPTY_MESSAGE = "The file is empty";
/** For an <input type="file" accept=…>. */
export const UPLOAD_ACCEPT = UPLOAD_CONTENT_TYPES.join(",");

/** The file's declared type when it is one we take ("image/jpg", which some systems say, is JPEG). */
function contentTypeOf(file: File): UploadContentType | null {
  const type = file.type === "image/jpg" ? "image/jpeg" : file.type;
  return (UPLOAD_CONTENT_TYPES as readonly string[]).includes(type) ? (type as UploadContentType) : null;
}

/** Why the browser refuses the file before sending it, or null. The server checks again, by the bytes. */
export function imageFileProblem(file: File): ApiError | null {
  if (!contentTypeOf(file)) return new ApiError({ code: FILE_CODES.UPLOAD_NOT_AN_IMAGE, msg: UPLOAD_TYPE_MESSAGE });
  if (file.size === 0) return new ApiError({ code: FILE_CODES.UPLOAD_NOT_AN_IMAGE, msg: UPLOAD_EMPTY_MESSAGE });
  if (file.size > UPLOAD_MAX_BYTES) {
    return new ApiError({ code: FILE_CODES.UPLOAD_TOO_LARGE, msg: UPLOAD_TOO_LARGE_MESSAGE });
  }
  return null;
}

/**
 * Uploads an image and answers its verified avatar copy (a 512 px WebP whose `url` a profile's face or a
 * character's avatar accepts). Rejects with an ApiError whose `msg` can be shown as it is, or with the signal's
 * abort reason.
 */
export async function uploadImage(file: File, options?: { signal?: AbortSignal }): Promise<VerifiedUpload> {
  const signal = options?.signal;
  const problem = imageFileProblem(file);
  if (problem) throw problem;
  const contentType = contentTypeOf(file)!;
  const ticket = await fetchUploadTicket(contentType, signal);
  // The part's own type must match the ticket's (a renamed "image/jpg" file is sent as image/jpeg).
  const body = file.type === contentType ? file : new Blob([file], { type: contentType });
  await postUploadForm(ticket, body, signal);
  return verifyUploadedFile(ticket.key, signal);
}
