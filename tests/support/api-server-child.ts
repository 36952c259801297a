/**
 * The real server process (server/serve.ts) without Next's pages, which /v1 never touches: for tests that crash,
 * stop and restart a server without a production build. Configured by its environment like the real one; run with
 * `node --import tsx tests/support/api-server-child.ts`.
 */
import { parseConfig } from "../../server/config";
import { serve } from "../../server/serve";

await serve(parseConfig(process.env), null, { pages: false });
