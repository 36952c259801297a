import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkdownView, UGC_LINK_REL } from "@/components/chat/markdown-view";

const render = (text: string, open = false) => renderToStaticMarkup(<MarkdownView text={text} open={open} />);

describe("MarkdownView", () => {
  it("renders the subset as elements", () => {
    const html = render("**Bold** *it* `c`\nnext\n\n- a\n- b\n\n2. x\n\n```js\n<b>\n```");
    expect(html).toBe(
      '<p><strong class="font-semibold">Bold</strong> <em>it</em> <code class="rounded bg-foreground/[0.08] px-1 py-0.5 text-[0.875em] [overflow-wrap:anywhere]">c</code><br/>next</p>' +
        '<ul class="list-disc space-y-1 pl-5"><li class="pl-1">a</li><li class="pl-1">b</li></ul>' +
        '<ol start="2" class="list-decimal space-y-1 pl-5"><li class="pl-1">x</li></ol>' +
        '<pre class="overflow-x-auto rounded-lg bg-foreground/[0.06] p-3 text-[0.8125rem] leading-relaxed dark:bg-black/30"><code data-lang="js">&lt;b&gt;</code></pre>',
    );
  });

  it("opens https links in a new tab with the user-generated-content rel", () => {
    const html = render("[site](https://example.com) and https://kewl.example/a");
    expect(html.match(/<a /g)).toHaveLength(2);
    expect(html).toContain('href="https://example.com/" target="_blank" rel="noopener noreferrer nofollow ugc"');
    expect(UGC_LINK_REL).toBe("noopener noreferrer nofollow ugc");
  });

  it("never renders script elements, event handlers or javascript: URLs", () => {
    const html = render(
      '<script>alert(1)</script> <img src=x onerror="alert(2)"> [x](javascript:alert(3)) <a href="javascript:alert(4)">y</a>',
    );
    expect(html).not.toMatch(/<script|<img|<a /i);
    expect(html).not.toContain('href="javascript');
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});
