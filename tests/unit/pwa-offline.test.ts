// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { removeSessionKeys } from "@/lib/auth/storage";
import { fetchLiveBuildId } from "@/lib/pwa/app-updates";
import { isPrivatePagePath } from "@/lib/pwa/offline-routes";
import {
  RECENT_CHARACTERS_KEY,
  RECENT_CHARACTERS_LIMIT,
  readRecentCharacters,
  rememberRecentCharacter,
} from "@/lib/pwa/recent-characters";

afterEach(() => localStorage.clear());

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 1);

describe("recent characters for the offline page", () => {
  it("keeps the most recent first, once each, at most the limit", () => {
    for (let id = 1; id <= RECENT_CHARACTERS_LIMIT + 2; id++) {
      rememberRecentCharacter({ id, name: `C${id}`, avatar: null }, T0 + id);
    }
    rememberRecentCharacter({ id: 5, name: "C5", avatar: null }, T0 + 100);
    const ids = readRecentCharacters(T0 + 101).map((c) => c.id);
    expect(ids).toHaveLength(RECENT_CHARACTERS_LIMIT);
    expect(ids.slice(0, 3)).toEqual([5, 10, 9]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("drops a list edited by hand, an unsafe avatar, and lists older than 30 days", () => {
    localStorage.setItem(RECENT_CHARACTERS_KEY, JSON.stringify({ value: [{ id: "x" }], timestamp: T0 }));
    expect(readRecentCharacters(T0)).toEqual([]);
    expect(localStorage.getItem(RECENT_CHARACTERS_KEY)).toBeNull();

    localStorage.setItem(
      RECENT_CHARACTERS_KEY,
      JSON.stringify({ value: [{ id: 1, name: "A", avatar: "javascript:alert(1)" }], timestamp: T0 }),
    );
    expect(readRecentCharacters(T0)).toEqual([{ id: 1, name: "A", avatar: null }]);
    expect(readRecentCharacters(T0 + 31 * DAY)).toEqual([]);
  });

  it("is forgotten when the session ends", () => {
    rememberRecentCharacter({ id: 1, name: "A", avatar: "https://cdn.example/a.png" }, T0);
    removeSessionKeys();
    expect(localStorage.getItem(RECENT_CHARACTERS_KEY)).toBeNull();
  });
});

describe("pages the worker never stores", () => {
  it.each([
    ["/payment/loading", true],
    ["/payment/sandbox/abc", true],
    ["/auth/callback", true],
    ["/reset-password", true],
    ["/age-verification", true],
    ["/paymentsfaq", false],
    ["/character/1", false],
    ["/", false],
  ])("%s → %s", (path, expected) => expect(isPrivatePagePath(path)).toBe(expected));
});

describe("the live build id", () => {
  it("is read from the version file without any cache, and is null for anything else", async () => {
    const fetchImpl = vi.fn(async () => Response.json({ version: "abc123" }));
    expect(await fetchLiveBuildId(fetchImpl)).toBe("abc123");
    expect(fetchImpl).toHaveBeenCalledWith("/build-version.json", { cache: "no-store", credentials: "omit" });
    expect(await fetchLiveBuildId(async () => new Response("<html>", { status: 502 }))).toBeNull();
    expect(await fetchLiveBuildId(async () => Response.json({ version: "" }))).toBeNull();
    expect(await fetchLiveBuildId(async () => new Response("not json"))).toBeNull();
    expect(
      await fetchLiveBuildId(async () => {
        throw new TypeError("Failed to fetch");
      }),
    ).toBeNull();
  });
});
