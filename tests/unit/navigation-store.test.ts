import { beforeEach, describe, expect, it } from "vitest";
import { freeRepliesLabel, freeRepliesShortLabel } from "@/lib/chat/model-labels";
import { recordPath, useNavigationStore } from "@/stores/navigation-store";

describe("navigation store", () => {
  beforeEach(() => useNavigationStore.setState({ current: null, previous: null }));

  it("knows no previous page on the first one", () => {
    recordPath("/character/chat/1");
    expect(useNavigationStore.getState()).toMatchObject({ current: "/character/chat/1", previous: null });
  });

  it("keeps the page before the current one, and ignores the same path again", () => {
    recordPath("/");
    recordPath("/character/chat/1");
    recordPath("/character/chat/1");
    expect(useNavigationStore.getState()).toMatchObject({ current: "/character/chat/1", previous: "/" });
    recordPath("/character/1");
    expect(useNavigationStore.getState().previous).toBe("/character/chat/1");
  });
});

describe("free replies' short label (the phone's chat header)", () => {
  it("drops 'left today' and is null where the long one is", () => {
    expect(freeRepliesShortLabel(5)).toBe("5 free replies");
    expect(freeRepliesShortLabel(1)).toBe("1 free reply");
    expect(freeRepliesShortLabel(0)).toBe("No free replies");
    expect(freeRepliesShortLabel(null)).toBeNull();
    expect(freeRepliesLabel(5)).toBe("5 free replies left today");
  });
});
