import { describe, expect, it } from "vitest";
import { allowanceResetText, nextAllowanceReset } from "@/lib/chat/allowance-reset";

describe("when the daily free replies come back", () => {
  const evening = new Date("2026-12-01T21:30:00Z");

  it("is the next midnight UTC, the server's usage day", () => {
    expect(nextAllowanceReset(evening).toISOString()).toBe("2026-12-02T00:00:00.000Z");
    expect(nextAllowanceReset(new Date("2026-12-31T23:59:59Z")).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });

  it("is said in the reader's own time zone, with the day when it is a later one there", () => {
    expect(allowanceResetText(evening, "UTC")).toBe("They come back tomorrow at 12:00 AM (in about 3 hours).");
    // 16:30 in New York: midnight UTC is 7 pm the same day.
    expect(allowanceResetText(evening, "America/New_York")).toBe("They come back at 7:00 PM (in about 3 hours).");
    // 06:30 the next day in Tokyo: 9 am.
    expect(allowanceResetText(evening, "Asia/Tokyo")).toBe("They come back at 9:00 AM (in about 3 hours).");
    expect(allowanceResetText(new Date("2026-12-01T23:20:00Z"), "UTC")).toMatch(/in about an hour/);
  });
});
