import { describe, expect, it } from "vitest";
import { isStaticPath } from "@/server/http/page-rate-limit";

describe("static paths the page limit lets through", () => {
  it.each([
    "/_next/static/chunks/app/page-1a2b.js",
    "/_next/static/css/9f.css?v=1",
    "/icons/icon.svg",
    "/favicon.ico",
    "/manifest.webmanifest",
    "/robots.txt",
  ])("%s is static", (path) => expect(isStaticPath(path)).toBe(true));

  it.each([
    "/",
    "/search?q=dragon",
    "/character/1?_rsc=x",
    "/_next/image?url=%2Ficons%2Ficon.svg&w=64&q=75",
    "/_next/static/../search",
    "/_next/static/%2e%2e/search",
    "/_next/static/",
    "/icons",
    "/favicon.ico/x",
    "/_next/data/build/index.json",
  ])("%s counts as a page", (path) => expect(isStaticPath(path)).toBe(false));
});
