import { randomUUID } from "node:crypto";

const KEY = Symbol.for("kewl.process-instance-id");
const holder = globalThis as { [KEY]?: string };

/**
 * This process's id among the site's server processes (server_instances), the same in every bundle Next makes of
 * this module: the replies it relays carry it, and its heartbeat keeps it alive.
 */
export function processInstanceId(): string {
  return (holder[KEY] ??= randomUUID());
}
