/**
 * A chat's long-term memory as the API answers it (zod/mini, parsed by the browser), and its limits, which the
 * request contracts (chat-memory.ts) and the server share.
 */
import * as z from "zod/mini";

/** The summary the model writes and the user edits, at most this many characters. */
export const MEMORY_SUMMARY_MAX_CHARS = 2000;
/** Pinned facts per chat, and the characters of one. */
export const MEMORY_FACTS_MAX = 20;
export const MEMORY_FACT_MAX_CHARS = 200;

export const chatMemorySchema = z.object({
  /** The chat; null when the user has no chat with the character yet. */
  session_id: z.nullable(z.string()),
  summary: z.string(),
  /** Pinned by the user, oldest first. Always in the prompt (within the memory's token budget). */
  facts: z.array(z.string()),
  /** The newest message folded into the summary; null before the first summary. */
  summarised_through: z.nullable(z.number()),
  /** Older turns are being summarised now. */
  summarising: z.boolean(),
  updated_at: z.nullable(z.string()),
});
export type ChatMemory = z.infer<typeof chatMemorySchema>;
