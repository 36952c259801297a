// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Composer } from "@/components/chat/composer";

function Harness({
  onSend,
  onStop = () => undefined,
  streaming = false,
  initial = "",
}: {
  onSend: (text: string) => void;
  onStop?: () => void;
  streaming?: boolean;
  initial?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <Composer
      value={value}
      onChange={setValue}
      onSend={() => onSend(value)}
      onStop={onStop}
      streaming={streaming}
      characterName="Mira"
    />
  );
}

const box = () => screen.getByRole("textbox", { name: "Message Mira" });

describe("Composer", () => {
  afterEach(cleanup);

  it("sends on Enter, not on Shift+Enter, and never during an IME composition", () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} initial="hello" />);
    fireEvent.keyDown(box(), { key: "Enter", shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box(), { key: "Enter", isComposing: true });
    fireEvent.keyDown(box(), { key: "Enter", keyCode: 229 });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box(), { key: "Enter" });
    expect(onSend).toHaveBeenCalledWith("hello");
  });

  it("keeps Send disabled for blank text and over the limit, with a counter near it", () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    const send = screen.getByRole("button", { name: "Send" });
    expect(send).toHaveProperty("disabled", true);
    fireEvent.change(box(), { target: { value: "   " } });
    expect(send).toHaveProperty("disabled", true);
    fireEvent.keyDown(box(), { key: "Enter" });
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.queryByTestId("composer-counter")).toBeNull();

    fireEvent.change(box(), { target: { value: "a".repeat(3500) } });
    expect(screen.getByTestId("composer-counter").textContent).toBe("3500 / 4000");
    expect(send).toHaveProperty("disabled", false);
    fireEvent.change(box(), { target: { value: "a".repeat(4002) } });
    expect(screen.getByTestId("composer-counter").textContent).toBe("2 over the limit · 4002 / 4000");
    expect(send).toHaveProperty("disabled", true);
    expect(box().getAttribute("aria-invalid")).toBe("true");
  });

  it("shows Stop instead of Send while a reply streams, and Enter does not send then", () => {
    const onSend = vi.fn();
    const onStop = vi.fn();
    render(<Harness onSend={onSend} onStop={onStop} streaming initial="next" />);
    expect(screen.queryByRole("button", { name: "Send" })).toBeNull();
    fireEvent.keyDown(box(), { key: "Enter" });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Stop" }));
    expect(onStop).toHaveBeenCalledOnce();
  });
});
