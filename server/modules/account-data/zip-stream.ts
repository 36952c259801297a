import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

export interface ArchiveEntry {
  /** The path inside the archive ("chats/…jsonl"). */
  name: string;
  body: Uint8Array | ReadableStream<Uint8Array>;
  /** Stored as it is (a PNG is compressed already); else deflated. */
  stored?: boolean;
}

/**
 * A zip file (fflate's streaming Zip) written as it is read: one entry per pull, a streamed entry chunk by chunk,
 * so a long chat never sits in memory whole and a slow download holds back the reading.
 */
export function zipStream(entries: AsyncIterator<ArchiveEntry>): ReadableStream<Uint8Array> {
  let zip: Zip | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((err, chunk, final) => {
        if (err) return controller.error(err);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    async pull() {
      if (!zip) return;
      const next = await entries.next();
      if (next.done) return zip.end();
      const { name, body, stored } = next.value;
      const file = stored ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
      zip.add(file);
      if (body instanceof Uint8Array) return file.push(body, true);
      const reader = body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return file.push(new Uint8Array(0), true);
        file.push(value);
      }
    },
    async cancel() {
      zip?.terminate();
      await entries.return?.();
    },
  });
}
