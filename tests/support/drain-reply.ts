import type { ReplyStream } from "@/server/providers/llm/types";

/** Reads a model reply's whole text stream: its chunks, and the error it ended with (null when it ended well). */
export async function drainReply(stream: ReplyStream, onChunk?: (chunk: string, index: number) => void) {
  const chunks: string[] = [];
  try {
    for await (const chunk of stream.textStream) {
      onChunk?.(chunk, chunks.length);
      chunks.push(chunk);
    }
    return { chunks, error: null };
  } catch (error) {
    return { chunks, error };
  }
}
