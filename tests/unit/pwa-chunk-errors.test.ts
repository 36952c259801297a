import { describe, expect, it } from "vitest";
import * as z from "zod";
import {
  CHUNK_RELOAD_GUARD_MS,
  isBuildAssetUrl,
  isChunkLoadError,
  mayReload,
  parseReloadGuard,
  serializeReloadGuard,
} from "@/lib/pwa/chunk-errors";
import { acceptsJson } from "./helpers/json-schema-check";

describe("chunk load errors", () => {
  it("recognises failed chunks from Turbopack, webpack and the browsers' dynamic import()", () => {
    const turbopack = Object.assign(
      new Error("Failed to load chunk /_next/static/chunks/0a1b2c.js from module 4521: TypeError: Failed to fetch"),
      { name: "ChunkLoadError" },
    );
    expect(isChunkLoadError(turbopack)).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error("whatever"), { name: "ChunkLoadError" }))).toBe(true);
    expect(
      isChunkLoadError(new Error("Loading chunk 512 failed.\n(error: https://x/_next/static/chunks/512.js)")),
    ).toBe(true);
    expect(isChunkLoadError(new Error("Loading CSS chunk app/page failed"))).toBe(true);
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: https://x/_next/static/a.js")),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module: https://x/a.js"))).toBe(true);
    // The message alone, as an ErrorEvent without its error object gives it.
    expect(isChunkLoadError("Uncaught ChunkLoadError: Failed to load chunk /_next/static/chunks/a.js")).toBe(true);
  });

  it("leaves every other error alone", () => {
    for (const reason of [
      new Error("Cannot read properties of undefined (reading 'map')"),
      new TypeError("Failed to fetch"),
      new Error("Loading failed"),
      { message: 42 },
      "Script error.",
      null,
      undefined,
      404,
    ]) {
      expect(isChunkLoadError(reason), String(reason)).toBe(false);
    }
  });

  it("takes only the build's static files on this origin as chunks", () => {
    const origin = "https://kewl.example";
    expect(isBuildAssetUrl("https://kewl.example/_next/static/chunks/a.js", origin)).toBe(true);
    expect(isBuildAssetUrl("/_next/static/css/app.css", origin)).toBe(true);
    expect(isBuildAssetUrl("https://cdn.example/_next/static/chunks/a.js", origin)).toBe(false);
    expect(isBuildAssetUrl("https://kewl.example/sa.js", origin)).toBe(false);
    expect(isBuildAssetUrl("https://kewl.example/x/_next/static/a.js", origin)).toBe(false);
    expect(isBuildAssetUrl("http://[bad", origin)).toBe(false);
  });
});

describe("reload guard", () => {
  it("reloads once, then not again within 10 s", () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(10_000);
    const at = 1_000_000;
    expect(mayReload(null, at)).toBe(true);
    expect(mayReload(at, at)).toBe(false);
    expect(mayReload(at, at + 9_999)).toBe(false);
    expect(mayReload(at, at + 10_000)).toBe(true);
    // A guard from the future (the clock went back) holds as if it were set just now.
    expect(mayReload(at + 60_000, at)).toBe(false);
  });

  // The plain check (first-load code carries no zod) must agree with this schema of the stored guard.
  const guardSchema = z.object({ at: z.number().nonnegative() });
  const accepted = acceptsJson(guardSchema);

  it("reads back what it writes, and treats anything else as no guard, as the zod schema would", () => {
    expect(parseReloadGuard(serializeReloadGuard(1234))).toBe(1234);
    expect(parseReloadGuard(null)).toBeNull();
    for (const raw of [
      serializeReloadGuard(5),
      '{"at":0}',
      '{"at":5,"extra":true}',
      '{"at":-1}',
      '{"at":"5"}',
      '{"at":null}',
      "{}",
      "[]",
      "[5]",
      "5",
      "null",
      "not json",
      "",
    ]) {
      expect(parseReloadGuard(raw) !== null, raw).toBe(accepted(raw));
    }
  });
});
