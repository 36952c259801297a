import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pageMethodAllowed } from "@/server/http/page-methods";

const APP = path.resolve(__dirname, "../../app");
const SOURCE = /\.(?:ts|tsx)$/;

describe("the methods pages take (server/http/page-methods.ts)", () => {
  it("are GET and HEAD; in development also the POSTs of Next's own tools", () => {
    expect(pageMethodAllowed("GET", "/", false)).toBe(true);
    expect(pageMethodAllowed("HEAD", "/character/1", false)).toBe(true);
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS", undefined]) {
      expect(pageMethodAllowed(method, "/", false)).toBe(false);
      expect(pageMethodAllowed(method, "/", true)).toBe(false);
    }
    expect(pageMethodAllowed("POST", "/__nextjs_original-stack-frames", false)).toBe(false);
    expect(pageMethodAllowed("POST", "/__nextjs_original-stack-frames", true)).toBe(true);
    expect(pageMethodAllowed("POST", "/__nextjs_launch-editor?file=x", true)).toBe(true);
    expect(pageMethodAllowed("POST", "/__nextjs", true)).toBe(false);
  });

  it("leave out nothing in app/: no route handler takes another method, and there are no server actions", () => {
    const files = fs.readdirSync(APP, { recursive: true, encoding: "utf8" }).filter((f) => SOURCE.test(f));
    expect(files.length).toBeGreaterThan(10);
    const takingBodies = files.filter((file) => {
      const source = fs.readFileSync(path.join(APP, file), "utf8");
      const handlers =
        /^route\.tsx?$/.test(path.basename(file)) && /\b(?:POST|PUT|PATCH|DELETE|OPTIONS)\b/.test(source);
      return handlers || /["']use server["']/.test(source);
    });
    // One that needs a body must be allowed in pageMethodAllowed first.
    expect(takingBodies).toEqual([]);
  });
});
