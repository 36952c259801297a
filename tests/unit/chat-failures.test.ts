import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { describeChatError, FAILURE_MESSAGES, refusalNotice } from "@/lib/chat/chat-failures";

describe("failures and notices", () => {
  it("words each refusal", () => {
    expect(refusalNotice(40202, null)?.title).toBe("Not enough coins for this model.");
    expect(refusalNotice(40901, null)?.title).toBe("Wait for the current reply to finish.");
    expect(refusalNotice(42902, null)).toMatchObject({
      title: "You're sending messages too quickly. Try again in a moment.",
      hint: null,
    });
    expect(refusalNotice(42903, { retry_after: 12 })?.hint).toBe("You can send again in 12 seconds.");
    expect(refusalNotice(42903, { retry_after: 0.4 })?.hint).toBe("You can send again in 1 second.");
    expect(refusalNotice(40011, null)?.title).toBe("This model isn't available right now.");
    expect(refusalNotice(500, null)).toBeNull();
  });

  it("says when free replies come back, in the reader's time, and what a reply costs against the balance", () => {
    expect(refusalNotice(40201, null)?.hint).toMatch(/^They come back (tomorrow )?at \d{1,2}:\d{2} (AM|PM) \(in about/);
    expect(refusalNotice(40202, { balance: 1, coin_cost: 4 })?.hint).toBe(
      "This reply costs 4 coins and you have 1. Switch to a free model to keep chatting, or top up your coins.",
    );
  });

  it("classifies other errors", () => {
    expect(describeChatError(new Error("x"))).toEqual({ kind: "failed", code: -1, message: FAILURE_MESSAGES.generic });
    // a dead session stored nothing: a refusal, so the text goes back to the composer
    expect(describeChatError(new ApiError({ code: 401, msg: "Unauthorized", status: 401 }))).toEqual({
      kind: "refused",
      notice: { code: 401, title: FAILURE_MESSAGES.signedOut, hint: null },
    });
    expect(
      describeChatError(new ApiError({ code: 400, msg: "message: At most 4000 characters", status: 400 })),
    ).toMatchObject({
      kind: "failed",
      message: "message: At most 4000 characters",
    });
    expect(describeChatError(new ApiError({ code: -1 }))).toMatchObject({ message: FAILURE_MESSAGES.generic });
  });
});
