import { describe, expect, it } from "vitest";
import { formatLastActivity } from "@/lib/format/relative-time";

describe("formatLastActivity", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it("says how long ago within a week", () => {
    expect(formatLastActivity(ago(20_000), now)).toBe("just now");
    expect(formatLastActivity(ago(5 * 60_000), now)).toBe("5 minutes ago");
    expect(formatLastActivity(ago(3 * 3_600_000), now)).toBe("3 hours ago");
    expect(formatLastActivity(ago(30 * 3_600_000), now)).toBe("yesterday");
    expect(formatLastActivity(ago(4 * 86_400_000), now)).toBe("4 days ago");
  });

  it("gives the date after a week, with the year when it is not this year's", () => {
    expect(formatLastActivity("2026-03-05T12:00:00Z", now)).toBe("Mar 5");
    expect(formatLastActivity("2025-03-05T12:00:00Z", now)).toBe("Mar 5, 2025");
  });
});
