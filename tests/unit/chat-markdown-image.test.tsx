// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MarkdownImage } from "@/components/chat/markdown-image";

describe("MarkdownImage", () => {
  afterEach(cleanup);

  it("loads lazily without a referrer, and becomes a link with its alt text when it cannot load (CSP, 404)", () => {
    render(<MarkdownImage src="https://img.example/gull.png" alt="a gull" title={null} />);
    const image = screen.getByRole("img", { name: "a gull" });
    expect(image.getAttribute("loading")).toBe("lazy");
    expect(image.getAttribute("referrerpolicy")).toBe("no-referrer");

    fireEvent.error(image);
    expect(screen.queryByRole("img")).toBeNull();
    const link = screen.getByRole("link", { name: "a gull" });
    expect(link.getAttribute("href")).toBe("https://img.example/gull.png");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer nofollow ugc");
    expect(link.getAttribute("target")).toBe("_blank");
  });

  it("names the fallback link when the image has no alt text", () => {
    render(<MarkdownImage src="https://img.example/x.png" alt="" title={null} />);
    fireEvent.error(document.querySelector("img")!);
    expect(screen.getByRole("link", { name: "Image" })).toBeDefined();
  });
});
