/**
 * PLACEHOLDER until branch creation-uploads lands its lib/files/upload-image.ts; on merge, that branch's version
 * replaces this file. Same name and signature: ticket (GET /v1/file/sts) → form POST → verify.
 */
import { apiGet, apiPost, ApiError } from "@/lib/api";
import {
  UPLOAD_CONTENT_TYPES,
  uploadTicketSchema,
  verifiedUploadSchema,
  type UploadContentType,
  type VerifiedUpload,
} from "@/lib/contracts/files";

export async function uploadImage(file: File, options: { signal?: AbortSignal } = {}): Promise<VerifiedUpload> {
  const { signal } = options;
  const type = (UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type)
    ? (file.type as UploadContentType)
    : undefined;
  if (!type) throw new ApiError({ code: 41501, msg: "Choose a PNG, JPEG or WebP image" });
  const ticket = await apiGet("/v1/file/sts", { content_type: type }, { schema: uploadTicketSchema, signal });
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append("file", file);
  const sent = await fetch(ticket.url, { method: "POST", body: form, signal });
  if (!sent.ok) throw new ApiError({ code: sent.status, status: sent.status, msg: "The upload failed" });
  return apiPost("/v1/file/verify", { key: ticket.key }, { schema: verifiedUploadSchema, signal });
}
