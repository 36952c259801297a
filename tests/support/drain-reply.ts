import type { ReplyStream } from "@/server/providers/llm/types";

/**
 * Reads a model reply's whole text: its chunks, and the error it ended with (null when it ended well), through
 * `textStream` (iterate) or `pipeText` (pipe, as the relay reads).
 */
export async function drainReply(
  stream: ReplyStream,
  onChunk?: (chunk: string, index: number) => void,
  how: "iterate" | "pipe" = "iterate",
) {
  const chunks: string[] = [];
  const take = (chunk: string) => {
    onChunk?.(chunk, chunks.length);
    chunks.push(chunk);
  };
  try {
    if (how === "pipe") await stream.pipeText(take);
    else for await (const chunk of stream.textStream) take(chunk);
    return { chunks, error: null };
  } catch (error) {
    return { chunks, error };
  }
}
