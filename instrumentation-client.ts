import { startErrorCapture } from "@/lib/analytics/error-capture";
import { makeZodJitless } from "@/lib/validation/zod-jitless";

// Runs in the browser before the app's own modules. Zod compiles object parsers with `new Function` when eval is
// allowed and probes for it when a schema is built; the page's CSP forbids eval, so the probe would report a
// violation on every page that builds a schema. Jitless parsing skips the probe (the server keeps the JIT).
makeZodJitless();

// As early as the page allows, so errors while it starts are reported too (they wait for the analytics SDK).
startErrorCapture();
