import { describe, expect, it } from "vitest";
import {
  exportBaseName,
  markdownHeader,
  markdownMessage,
  sillyTavernDate,
  sillyTavernHeader,
  sillyTavernMessage,
  type ExportChat,
} from "@/server/modules/chat/export-formats";

const chat: ExportChat = {
  userName: "Mira",
  characterName: "Captain *Nova*",
  title: null,
  createdAt: new Date("2026-03-05T07:08:09.045Z"),
};

describe("chat export formats", () => {
  it("writes SillyTavern's humanized date in UTC, which its parser reads back", () => {
    expect(sillyTavernDate(new Date("2026-03-05T07:08:09.045Z"))).toBe("2026-3-5 @07h 08m 09s 45ms");
    expect(sillyTavernDate(new Date("2026-12-25T23:59:59.999Z"))).toBe("2026-12-25 @23h 59m 59s 999ms");
  });

  it("writes the header and message lines of a SillyTavern chat file", () => {
    expect(JSON.parse(sillyTavernHeader(chat))).toEqual({
      user_name: "Mira",
      character_name: "Captain *Nova*",
      create_date: "2026-3-5 @07h 08m 09s 45ms",
      chat_metadata: {},
    });
    const line = sillyTavernMessage(chat, { role: "user", content: "a\nb", createdAt: chat.createdAt });
    expect(line.endsWith("\n")).toBe(true);
    expect(line.slice(0, -1)).not.toContain("\n");
    expect(JSON.parse(line)).toEqual({
      name: "Mira",
      is_user: true,
      is_system: false,
      send_date: "2026-3-5 @07h 08m 09s 45ms",
      mes: "a\nb",
      extra: {},
    });
  });

  it("adds swipes and swipe_id only when a message has alternatives", () => {
    const reply = { role: "assistant" as const, content: "two", createdAt: chat.createdAt };
    expect(JSON.parse(sillyTavernMessage(chat, reply))).not.toHaveProperty("swipes");
    const swiped = JSON.parse(sillyTavernMessage(chat, { ...reply, swipes: { texts: ["one", "two"], chosen: 1 } }));
    expect(swiped).toMatchObject({ name: "Captain *Nova*", is_user: false, swipes: ["one", "two"], swipe_id: 1 });
  });

  it("writes readable Markdown with the names' markers escaped and the text as written", () => {
    expect(markdownHeader(chat)).toBe(
      "# Chat with Captain \\*Nova\\*\n\n- Character: Captain \\*Nova\\*\n- You: Mira\n- Started: 2026-03-05 07:08 UTC\n",
    );
    expect(markdownHeader({ ...chat, title: "Road trip" })).toMatch(/^# Road trip\n/);
    expect(
      markdownMessage(chat, { role: "assistant", content: "*waves* **Hi**", createdAt: chat.createdAt, partial: true }),
    ).toBe("\n---\n\n**Captain \\*Nova\\*** · 2026-03-05 07:08 UTC _(stopped)_\n\n*waves* **Hi**\n");
    expect(exportBaseName({ ...chat, title: "Road trip" })).toBe("Captain *Nova* - Road trip - 2026-03-05");
  });
});
