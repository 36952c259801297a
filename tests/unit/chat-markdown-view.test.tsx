import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkdownView, UGC_LINK_REL } from "@/components/chat/markdown-view";

const render = (text: string, open = false) => renderToStaticMarkup(<MarkdownView text={text} open={open} />);
/** The markup without class attributes: what the elements are, not how they look. */
const structure = (text: string, open = false) => render(text, open).replace(/ class="[^"]*"/g, "");

describe("MarkdownView", () => {
  it("renders paragraphs, emphasis, inline code, lists and line breaks as elements", () => {
    expect(structure("**Bold** *waves* `c` ~~x~~\nnext\n\n- a\n- b\n\n2. x")).toBe(
      "<p><strong>Bold</strong> <em>waves</em> <code>c</code> <del>x</del><br/>next</p>" +
        "<ul><li>a</li><li>b</li></ul>" +
        '<ol start="2"><li>x</li></ol>',
    );
  });

  it("renders a table in a keyboard-scrollable region, with its alignment", () => {
    expect(structure("| A | B |\n|:-:|--:|\n| 1 | *2* |")).toBe(
      '<div role="region" aria-label="Table" tabindex="0"><table><thead><tr><th><div>A</div></th><th><div>B</div></th></tr></thead>' +
        "<tbody><tr><td><div>1</div></td><td><div><em>2</em></div></td></tr></tbody></table></div>",
    );
    expect(render("| A | B |\n|:-:|--:|\n| 1 | 2 |")).toMatch(
      /<th class="[^"]*text-center[^"]*"><div[^>]*>A<\/div><\/th><th class="[^"]*text-right/,
    );
    expect(render("| A |\n|-|\n| 1 |")).toMatch(/<div [^>]*class="[^"]*overflow-x-auto/);
  });

  it("renders blockquotes and headings (as emphasised paragraphs, not page headings)", () => {
    expect(structure("# Title\n\n> said *softly*\n> > again")).toBe(
      "<p>Title</p><blockquote><p>said <em>softly</em></p><blockquote><p>again</p></blockquote></blockquote>",
    );
  });

  it("renders a fenced code block with its language, a copy button and a polite status, its code as text", () => {
    expect(structure("```js\nconst a = '<b>';\n```")).toBe(
      '<div data-testid="code-block"><div><span>js</span><button type="button"><svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><rect x="9" y="9" width="11" height="11" rx="2"></rect><path d="M5 15V6a2 2 0 0 1 2-2h9"></path></svg>Copy code</button>' +
        '<span role="status"></span></div><pre tabindex="0" aria-label="js code"><code>const a = &#x27;&lt;b&gt;&#x27;;</code></pre></div>',
    );
  });

  it("opens https links in a new tab with the user-generated-content rel", () => {
    const html = render("[site](https://example.com) and https://kewl.example/a");
    expect(html.match(/<a /g)).toHaveLength(2);
    expect(html).toContain('href="https://example.com/" target="_blank" rel="noopener noreferrer nofollow ugc"');
    expect(UGC_LINK_REL).toBe("noopener noreferrer nofollow ugc");
  });

  it("renders https images lazily, without referrer, with alt text and a bounded size", () => {
    const html = render("![a lighthouse](https://img.example/l.png)");
    expect(html).toMatch(
      /^<p><img src="https:\/\/img\.example\/l\.png" alt="a lighthouse" loading="lazy" decoding="async"/,
    );
    expect(html).toMatch(/referrerPolicy="no-referrer"/i);
    expect(html).toMatch(/class="[^"]*max-h-80[^"]*max-w-full/);
  });

  it("shows javascript:, data: and http: links and images as their text, never as an element", () => {
    const html = structure(
      "[a](javascript:alert(1)) [b](data:text/html,x) [c](http://example.com) " +
        "![d](javascript:alert(2)) ![e](data:image/png;base64,AAAA) ![f](http://img.example/f.png)",
    );
    expect(html).toBe("<p>a b c d e f</p>");
  });

  it("never renders raw HTML: script elements, event handlers and javascript: URLs stay text", () => {
    const html = render(
      '<script>alert(1)</script> <img src=x onerror="alert(2)"> [x](javascript:alert(3)) <a href="javascript:alert(4)">y</a>\n\n<div onclick="alert(5)">\n<iframe src="//evil.example"></iframe>\n</div>',
    );
    expect(html).not.toMatch(/<script|<img|<a |<iframe|<div onclick/i);
    expect(html).not.toContain('href="javascript');
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;iframe src=&quot;//evil.example&quot;&gt;&lt;/iframe&gt;");
  });

  it("shows a reply still streaming in without stray markers", () => {
    expect(structure("*leans on the console* Show me **the car", true)).toBe(
      "<p><em>leans on the console</em> Show me <strong>the car</strong></p>",
    );
    expect(structure("*leans on the console* Show me **the car")).toBe(
      "<p><em>leans on the console</em> Show me **the car</p>",
    );
  });
});
