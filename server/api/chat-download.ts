import type { ChatExportFile } from "../modules/chat/chat-export";
import { asciiFileName, rfc5987FileName } from "./card-download";

/** The headers of a chat export: an attachment with its exact type, never sniffed, never cached. */
export function chatExportHeaders(file: ChatExportFile): Record<string, string> {
  const name = `${asciiFileName(file.baseName)}.${file.extension}`;
  const utf8 = `${rfc5987FileName(file.baseName) || "chat"}.${file.extension}`;
  return {
    "content-type": file.contentType,
    "content-disposition": `attachment; filename="${name}"; filename*=UTF-8''${utf8}`,
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
  };
}
