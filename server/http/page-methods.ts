import type { IncomingMessage, ServerResponse } from "node:http";

/** What pages take. The app has no server actions, and its route handlers (route.ts under app/) answer GET only. */
const PAGE_METHODS = "GET, HEAD";
/** Next's development tools (stack frames, the editor link, restart) POST to these; production serves none. */
const DEV_TOOLS_PATH = /^\/__nextjs_[\w-]+(?:[/?]|$)/;

/** Whether a page request may reach Next: GET and HEAD, and in development the POSTs of Next's own tools. */
export function pageMethodAllowed(method: string | undefined, url: string, dev: boolean): boolean {
  if (method === "GET" || method === "HEAD") return true;
  return dev && method === "POST" && DEV_TOOLS_PATH.test(url);
}

/**
 * Answers 405 itself and returns true for a page request with another method: Next reads such a body whole (as a
 * possible server action) before it answers, and nothing in app/ takes one. The body is left unread; the server
 * closes the connection after the answer (close-unread.ts). A route handler or server action that takes a body
 * must be allowed in pageMethodAllowed.
 */
export function refusePageMethods(dev: boolean) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (pageMethodAllowed(req.method, req.url ?? "/", dev)) return false;
    res.writeHead(405, {
      allow: PAGE_METHODS,
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
    });
    res.end("Method Not Allowed\n");
    return true;
  };
}
