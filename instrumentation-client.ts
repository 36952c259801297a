import { captureInstallPrompt } from "@/components/pwa/install-prompt";
import { watchChunkLoadErrors } from "@/lib/pwa/chunk-reload";
import { startErrorCapture } from "@/lib/analytics/error-capture";
import { makeZodJitless } from "@/lib/validation/zod-jitless";

// Runs in the browser before the app's own modules. Zod compiles object parsers with `new Function` when eval is
// allowed and probes for it when a schema is built; the page's CSP forbids eval, so the probe would report a
// violation on every page that builds a schema. Jitless parsing skips the probe (the server keeps the JIT).
makeZodJitless();
// Before hydration, so neither a failed chunk of the first load nor an early install prompt is missed.
watchChunkLoadErrors();
captureInstallPrompt();

// As early as the page allows, so errors while it starts are reported too (they wait for the analytics SDK).
startErrorCapture();
