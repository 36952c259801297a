import type { ChatExportFile } from "../modules/chat/chat-export";
import { attachmentHeaders } from "./card-download";

/** The headers of a chat export: an attachment with its exact type, never sniffed, never cached. */
export function chatExportHeaders(file: ChatExportFile): Record<string, string> {
  return attachmentHeaders(file.baseName, file.extension, file.contentType, "chat");
}
