import { describe, expect, it } from "vitest";
import { parseInline, type Inline } from "@/lib/chat/markdown-inline";
import { parseMarkdown, type Block } from "@/lib/chat/markdown";
import { bareUrlLength, safeLinkHref } from "@/lib/chat/safe-link";

const text = (value: string): Inline => ({ type: "text", text: value });
const strong = (...children: Inline[]): Inline => ({ type: "strong", children });
const em = (...children: Inline[]): Inline => ({ type: "em", children });
const code = (value: string): Inline => ({ type: "code", text: value });
const link = (href: string, ...children: Inline[]): Inline => ({ type: "link", href, children });
const br: Inline = { type: "break" };
const para = (...children: Inline[]): Block => ({ type: "paragraph", children });

/** Every string in the tree, in order: what a reader would see. */
function visibleText(nodes: Array<Inline | Block>): string {
  return nodes
    .map((node): string => {
      switch (node.type) {
        case "text":
        case "code":
          return node.text;
        case "break":
          return "\n";
        case "rule":
          return "";
        case "list":
          return node.items.map((item) => visibleText(item.children)).join("\n");
        default:
          return visibleText(node.children);
      }
    })
    .join("");
}

function links(nodes: Array<Inline | Block>): string[] {
  const out: string[] = [];
  const walk = (list: Array<Inline | Block>) => {
    for (const node of list) {
      if (node.type === "link") out.push(node.href);
      if ("children" in node) walk(node.children);
      if (node.type === "list") node.items.forEach((item) => walk(item.children));
    }
  };
  walk(nodes);
  return out;
}

describe("inline formatting", () => {
  it("parses bold, italic (both markers), inline code and plain text", () => {
    expect(parseInline("Hi **there** and *waves* or _nods_ with `x = 1`.")).toEqual([
      text("Hi "),
      strong(text("there")),
      text(" and "),
      em(text("waves")),
      text(" or "),
      em(text("nods")),
      text(" with "),
      code("x = 1"),
      text("."),
    ]);
  });

  it("nests emphasis, including the *** forms", () => {
    expect(parseInline("***both***")).toEqual([strong(em(text("both")))]);
    expect(parseInline("**bold *and italic***")).toEqual([strong(text("bold "), em(text("and italic")))]);
    expect(parseInline("*italic **and bold***")).toEqual([em(text("italic "), strong(text("and bold")))]);
    expect(parseInline("*smiles, **very** softly*")).toEqual([
      em(text("smiles, "), strong(text("very")), text(" softly")),
    ]);
  });

  it("keeps markers literal where they are not emphasis", () => {
    expect(parseInline("snake_case_name")).toEqual([text("snake_case_name")]);
    expect(parseInline("2 * 3 = 6")).toEqual([text("2 * 3 = 6")]);
    expect(parseInline("a ** b")).toEqual([text("a ** b")]);
    expect(parseInline("* not a list here *")).toEqual([text("* not a list here *")]);
    expect(parseInline("\\*escaped\\*")).toEqual([text("*escaped*")]);
  });

  it("does not format inside code spans, and a marker inside code closes nothing", () => {
    expect(parseInline("`**not bold**`")).toEqual([code("**not bold**")]);
    expect(parseInline("*a `*` b*")).toEqual([em(text("a "), code("*"), text(" b"))]);
    expect(parseInline("``a ` b``")).toEqual([code("a ` b")]);
  });

  it("turns newlines into line breaks", () => {
    expect(parseInline("one\ntwo")).toEqual([text("one"), br, text("two")]);
  });

  it("links https URLs and shows the label of any other URL as plain text", () => {
    expect(parseInline("[Docs](https://example.com/docs)")).toEqual([link("https://example.com/docs", text("Docs"))]);
    expect(parseInline("[click me](javascript:alert(1))")).toEqual([text("click me")]);
    expect(parseInline("[x](http://example.com)")).toEqual([text("x")]);
    expect(parseInline("[x](//evil.example)")).toEqual([text("x")]);
    expect(parseInline("[x](/relative)")).toEqual([text("x")]);
    expect(parseInline("[x](data:text/html;base64,PHNjcmlwdD4=)")).toEqual([text("x")]);
    expect(parseInline("[**bold** label](https://a.example)")).toEqual([
      link("https://a.example/", strong(text("bold")), text(" label")),
    ]);
  });

  it("keeps balanced parentheses in link targets", () => {
    expect(parseInline("[wiki](https://en.wikipedia.org/wiki/Foo_(bar))")).toEqual([
      link("https://en.wikipedia.org/wiki/Foo_(bar)", text("wiki")),
    ]);
  });

  it("links bare https URLs without trailing punctuation", () => {
    expect(parseInline("See https://example.com/a?b=1.")).toEqual([
      text("See "),
      link("https://example.com/a?b=1", text("https://example.com/a?b=1")),
      text("."),
    ]);
    expect(parseInline("(https://example.com/x)")).toEqual([
      text("("),
      link("https://example.com/x", text("https://example.com/x")),
      text(")"),
    ]);
    expect(parseInline("http://example.com and xhttps://example.com")).toEqual([
      text("http://example.com and xhttps://example.com"),
    ]);
  });

  it("never produces a link to anything but https", () => {
    const nasty = [
      "[a](javascript:alert(1))",
      "[a](JaVaScRiPt:alert(1))",
      "[a]( javascript:alert(1) )",
      "[a](<javascript:alert(1)>)",
      "[a](vbscript:msgbox(1))",
      "javascript:alert(1)",
    ];
    for (const input of nasty) expect(links(parseInline(input)), input).toEqual([]);
    // A target broken by a newline is no link; the https URL on its own still is, and only that.
    expect(links(parseInline("[a](https://ok.example\njavascript:alert(1))"))).toEqual(["https://ok.example/"]);
  });

  it("shows raw HTML as text", () => {
    const input = '<script>alert("x")</script> <img src=x onerror=alert(1)> <a href="javascript:1">y</a>';
    expect(parseInline(input)).toEqual([text(input)]);
  });
});

describe("blocks", () => {
  it("splits paragraphs on blank lines and keeps single newlines as breaks", () => {
    expect(parseMarkdown("Hello there.\nHow are you?\n\n\nFine.")).toEqual([
      para(text("Hello there."), br, text("How are you?")),
      para(text("Fine.")),
    ]);
  });

  it("parses fenced code blocks with their language, without formatting inside", () => {
    expect(parseMarkdown("Look:\n```ts\nconst a = **b**;\n\n<b>x</b>\n```\nDone.")).toEqual([
      para(text("Look:")),
      { type: "code", lang: "ts", text: "const a = **b**;\n\n<b>x</b>" },
      para(text("Done.")),
    ]);
    expect(parseMarkdown("~~~\nplain\n~~~")).toEqual([{ type: "code", lang: null, text: "plain" }]);
  });

  it("parses bullet and numbered lists, with nesting and continuation lines", () => {
    expect(parseMarkdown("- one\n- **two**\n  - two a\n  - two b\n- three\n  more of three\n\n3. c\n4. d")).toEqual([
      {
        type: "list",
        ordered: false,
        start: 1,
        items: [
          { children: [text("one")], sublist: null },
          {
            children: [strong(text("two"))],
            sublist: {
              type: "list",
              ordered: false,
              start: 1,
              items: [
                { children: [text("two a")], sublist: null },
                { children: [text("two b")], sublist: null },
              ],
            },
          },
          { children: [text("three"), br, text("more of three")], sublist: null },
        ],
      },
      {
        type: "list",
        ordered: true,
        start: 3,
        items: [
          { children: [text("c")], sublist: null },
          { children: [text("d")], sublist: null },
        ],
      },
    ]);
  });

  it("does not read roleplay actions at a line start as list items", () => {
    expect(parseMarkdown("*waves* Hello!\n*smiles*")).toEqual([
      para(em(text("waves")), text(" Hello!"), br, em(text("smiles"))),
    ]);
  });

  it("only lets a numbered list starting at 1 interrupt a paragraph", () => {
    expect(parseMarkdown("We met in\n1999. Then\n1. first")).toEqual([
      para(text("We met in"), br, text("1999. Then")),
      { type: "list", ordered: true, start: 1, items: [{ children: [text("first")], sublist: null }] },
    ]);
  });

  it("parses headings and horizontal rules", () => {
    expect(parseMarkdown("## Plan ##\n---\ntext")).toEqual([
      { type: "heading", level: 2, children: [text("Plan")] },
      { type: "rule" },
      para(text("text")),
    ]);
  });

  it("handles CRLF line ends and empty input", () => {
    expect(parseMarkdown("a\r\nb\r\n\r\nc")).toEqual([para(text("a"), br, text("b")), para(text("c"))]);
    expect(parseMarkdown("")).toEqual([]);
    expect(parseMarkdown("\n\n  \n")).toEqual([]);
  });

  it("keeps the <script> and javascript: cases of a whole reply harmless", () => {
    const reply = [
      "**Bold** and *italic* and `code`.",
      "",
      "- item [good](https://example.com) https://kewl.example/page",
      "- [bad](javascript:alert(document.cookie))",
      "",
      "<script>alert('x')</script>",
    ].join("\n");
    const blocks = parseMarkdown(reply);
    expect(links(blocks)).toEqual(["https://example.com/", "https://kewl.example/page"]);
    expect(visibleText(blocks)).toContain("<script>alert('x')</script>");
    expect(visibleText(blocks)).toContain("bad");
    expect(visibleText(blocks)).not.toContain("javascript:");
  });
});

describe("text still streaming in", () => {
  it("formats the rest of the text after an unclosed marker and hides a marker with nothing after it yet", () => {
    expect(parseMarkdown("He says **hel", { open: true })).toEqual([para(text("He says "), strong(text("hel")))]);
    expect(parseMarkdown("*waves at", { open: true })).toEqual([para(em(text("waves at")))]);
    expect(parseMarkdown("Wait **", { open: true })).toEqual([para(text("Wait "))]);
    expect(parseMarkdown("Run `npm t", { open: true })).toEqual([para(text("Run "), code("npm t"))]);
  });

  it("shows unclosed markers literally once the text is complete", () => {
    expect(parseMarkdown("He says **hel")).toEqual([para(text("He says **hel"))]);
    expect(parseMarkdown("Wait **")).toEqual([para(text("Wait **"))]);
    expect(parseMarkdown("Run `npm t")).toEqual([para(text("Run `npm t"))]);
  });

  it("only treats the last block as open", () => {
    expect(parseMarkdown("first **open\n\nsecond *also", { open: true })).toEqual([
      para(text("first **open")),
      para(text("second "), em(text("also"))),
    ]);
  });

  it("renders an unclosed code fence as code to the end", () => {
    expect(parseMarkdown("Here:\n```py\nprint(1)\nprint(", { open: true })).toEqual([
      para(text("Here:")),
      { type: "code", lang: "py", text: "print(1)\nprint(" },
    ]);
  });

  it("never loses or invents characters while a reply grows one character at a time", () => {
    const reply =
      "Hi *there*, **friend**! Try `ls -la` or see https://example.com/x.\n\n- one\n- two _more_\n\n```\ncode\n```";
    for (let i = 0; i <= reply.length; i++) {
      const partial = reply.slice(0, i);
      const shown = visibleText(parseMarkdown(partial, { open: true }));
      const markup = /[*_`\n\- ]/g;
      // Every visible character comes from the text, in order (markers and line structure may be hidden).
      expect(isSubsequence(shown.replace(markup, ""), partial.replace(markup, "")), JSON.stringify(partial)).toBe(true);
      expect(links(parseMarkdown(partial, { open: true })).every((href) => href.startsWith("https://"))).toBe(true);
    }
  });
});

function isSubsequence(needle: string, haystack: string): boolean {
  let j = 0;
  for (const ch of haystack) if (ch === needle[j]) j++;
  return j === needle.length;
}

describe("safe links", () => {
  it("accepts only absolute https URLs with a host", () => {
    expect(safeLinkHref("https://example.com/a b")).toBeNull();
    expect(safeLinkHref("https://example.com/path?q=1#x")).toBe("https://example.com/path?q=1#x");
    expect(safeLinkHref("HTTPS://EXAMPLE.com")).toBe("https://example.com/");
    expect(safeLinkHref("https:example.com")).toBeNull();
    expect(safeLinkHref("https://exa\tmple.com")).toBeNull();
    expect(safeLinkHref("javascript:alert(1)//https://")).toBeNull();
  });

  it("measures bare URLs without sentence punctuation or an unbalanced closing parenthesis", () => {
    expect(bareUrlLength("https://a.example/x).", 0)).toBe("https://a.example/x".length);
    expect(bareUrlLength("https://a.example/f(x)!", 0)).toBe("https://a.example/f(x)".length);
    expect(bareUrlLength("https://", 0)).toBe(0);
    expect(bareUrlLength("see https://a.example", 4)).toBe("https://a.example".length);
  });
});
