/** The upload calls (lib/contracts/files.ts) as the browser makes them. */
import { apiGet, apiPost } from "@/lib/api";
import {
  uploadTicketSchema,
  verifiedUploadSchema,
  type UploadContentType,
  type UploadTicket,
  type VerifiedUpload,
} from "@/lib/contracts/files";

/** A presigned POST for one image of this type (GET /v1/file/sts). */
export function fetchUploadTicket(contentType: UploadContentType, signal?: AbortSignal): Promise<UploadTicket> {
  return apiGet("/v1/file/sts", { content_type: contentType }, { schema: uploadTicketSchema, signal });
}

/** Has the server check the uploaded image and keep its avatar copy (POST /v1/file/verify). */
export function verifyUploadedFile(key: string, signal?: AbortSignal): Promise<VerifiedUpload> {
  return apiPost("/v1/file/verify", { key }, { schema: verifiedUploadSchema, signal });
}
