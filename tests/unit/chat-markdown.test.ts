import { describe, expect, it } from "vitest";
import { parseMarkdown, type Block, type Inline } from "@/lib/chat/markdown";
import { safeLinkHref } from "@/lib/chat/safe-link";

const text = (value: string): Inline => ({ type: "text", text: value });
const strong = (...children: Inline[]): Inline => ({ type: "strong", children });
const em = (...children: Inline[]): Inline => ({ type: "em", children });
const code = (value: string): Inline => ({ type: "code", text: value });
const link = (href: string, ...children: Inline[]): Inline => ({ type: "link", href, children });
const br: Inline = { type: "break" };
const para = (...children: Inline[]): Block => ({ type: "paragraph", children });
const tight = (...children: Inline[]): Block => ({ type: "paragraph", children, tight: true });

const blocks = (markdown: string, open = false) => parseMarkdown(markdown, { open }).map((parsed) => parsed.block);
const inline = (markdown: string) => {
  const [first] = blocks(markdown);
  if (first?.type !== "paragraph") throw new Error(`not one paragraph: ${markdown}`);
  return first.children;
};

type Node = Inline | Block;
function children(node: Node): Node[] {
  switch (node.type) {
    case "quote":
    case "strong":
    case "em":
    case "del":
    case "link":
    case "paragraph":
    case "heading":
      return node.children;
    case "list":
      return node.items.flat();
    case "table":
      return [...node.head.flat(), ...node.rows.flat(2)];
    default:
      return [];
  }
}

/** Every link and image URL in the tree. */
function urls(nodes: Node[]): string[] {
  return nodes.flatMap((node) => [
    ...(node.type === "link" ? [node.href] : node.type === "image" ? [node.src] : []),
    ...urls(children(node)),
  ]);
}

/** What a reader sees, roughly: text, code and alt texts in order. */
function visibleText(nodes: Node[]): string {
  return nodes
    .map((node) =>
      node.type === "text" || node.type === "code"
        ? node.text
        : node.type === "break"
          ? "\n"
          : node.type === "image"
            ? node.alt
            : visibleText(children(node)),
    )
    .join("");
}

describe("inline formatting", () => {
  it("parses bold, italic (both markers), inline code, strikethrough and plain text", () => {
    expect(inline("Hi **there** and *waves* or _nods_ with `x = 1` ~~no~~.")).toEqual([
      text("Hi "),
      strong(text("there")),
      text(" and "),
      em(text("waves")),
      text(" or "),
      em(text("nods")),
      text(" with "),
      code("x = 1"),
      text(" "),
      { type: "del", children: [text("no")] },
      text("."),
    ]);
  });

  it("renders roleplay *actions* in italics, also at a line start", () => {
    expect(blocks("*waves* Hello!\n*smiles, **very** softly*")).toEqual([
      para(em(text("waves")), text(" Hello!"), br, em(text("smiles, "), strong(text("very")), text(" softly"))),
    ]);
  });

  it("nests emphasis, including the *** forms", () => {
    expect(inline("***both***")).toEqual([em(strong(text("both")))]);
    expect(inline("**bold *and italic***")).toEqual([strong(text("bold "), em(text("and italic")))]);
  });

  it("keeps markers literal where they are not emphasis (CommonMark's flanking rules)", () => {
    expect(inline("snake_case_name")).toEqual([text("snake_case_name")]);
    expect(inline("2 * 3 = 6")).toEqual([text("2 * 3 = 6")]);
    expect(inline("a ** b")).toEqual([text("a ** b")]);
    expect(inline("\\*escaped\\*")).toEqual([text("*escaped*")]);
    expect(inline("a ~single~ tilde")).toEqual([text("a ~single~ tilde")]);
  });

  it("does not format inside code spans", () => {
    expect(inline("`**not bold**`")).toEqual([code("**not bold**")]);
    expect(inline("``a ` b``")).toEqual([code("a ` b")]);
  });

  it("keeps single newlines as line breaks, as a chat does", () => {
    expect(inline("one\ntwo")).toEqual([text("one"), br, text("two")]);
  });

  it("decodes entities into text, never into markup", () => {
    expect(inline("&lt;b&gt; &amp; &copy;")).toEqual([text("<b> & ©")]);
  });
});

describe("links and images", () => {
  it("links https URLs, written or bare, and resolves reference links", () => {
    expect(inline("[Docs](https://example.com/docs) https://kewl.example/a.")).toEqual([
      link("https://example.com/docs", text("Docs")),
      text(" "),
      link("https://kewl.example/a", text("https://kewl.example/a")),
      text("."),
    ]);
    expect(blocks("see [the site][s]\n\n[s]: https://s.example")).toEqual([
      para(text("see "), link("https://s.example/", text("the site"))),
    ]);
  });

  it("shows the label of a javascript:, data:, http:, relative or protocol-relative link as plain text", () => {
    for (const target of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "<javascript:alert(1)>",
      "vbscript:msgbox(1)",
      "data:text/html;base64,PHNjcmlwdD4=",
      "http://example.com",
      "//evil.example",
      "/relative",
    ]) {
      expect(inline(`[click me](${target})`), target).toEqual([text("click me")]);
    }
    expect(inline("<https://ok.example> <http://no.example> http://no.example www.no.example")).toEqual([
      link("https://ok.example/", text("https://ok.example")),
      text(" http://no.example http://no.example www.no.example"),
    ]);
  });

  it("keeps https images with their alt text and shows any other image as its alt text", () => {
    expect(inline('![a cat](https://img.example/cat.png "Cat")')).toEqual([
      { type: "image", src: "https://img.example/cat.png", alt: "a cat", title: "Cat" },
    ]);
    for (const src of ["http://img.example/cat.png", "data:image/png;base64,AAAA", "javascript:alert(1)", "cat.png"]) {
      expect(inline(`![a cat](${src})`), src).toEqual([text("a cat")]);
    }
  });

  it("never produces a URL that is not https, whatever the reply", () => {
    const reply = [
      "[a](javascript:alert(1)) [b]( javascript:alert(1) ) ![c](data:image/svg+xml,<svg onload=alert(1)>)",
      "[d][e] javascript:alert(1) <javascript:alert(1)>",
      "",
      "[e]: javascript:alert(2)",
      "| [f](javascript:x) | ![g](http://x/g.png) |",
      "|---|---|",
      "> [h](data:text/html,x)",
    ].join("\n");
    const tree = blocks(reply);
    expect(urls(tree)).toEqual([]);
    // the labels stay readable (the image's target has spaces: no image at all, its markdown is text)
    expect(visibleText(tree)).toMatch(/^a b !\[c\]\(data:[^\n]*\nd javascript:alert\(1\) javascript:alert\(1\)fgh$/);
  });
});

describe("raw HTML", () => {
  it("is text, inline and as a block", () => {
    const input = '<script>alert("x")</script> <img src=x onerror=alert(1)> <a href="javascript:1">y</a>';
    expect(inline(input)).toEqual([text(input)]);
    expect(blocks("<div>\n<b>hi</b>\n</div>")).toEqual([
      para(text("<div>"), br, text("<b>hi</b>"), br, text("</div>")),
    ]);
    expect(blocks("<!-- note -->")).toEqual([para(text("<!-- note -->"))]);
  });
});

describe("blocks", () => {
  it("splits paragraphs on blank lines", () => {
    expect(blocks("Hello there.\nHow are you?\n\n\nFine.")).toEqual([
      para(text("Hello there."), br, text("How are you?")),
      para(text("Fine.")),
    ]);
  });

  it("parses fenced and indented code blocks with their language, without formatting inside", () => {
    expect(blocks("Look:\n```ts title\nconst a = **b**;\n\n<b>x</b>\n```\nDone.")).toEqual([
      para(text("Look:")),
      { type: "code", lang: "ts", text: "const a = **b**;\n\n<b>x</b>" },
      para(text("Done.")),
    ]);
    expect(blocks("~~~\nplain\n~~~")).toEqual([{ type: "code", lang: null, text: "plain" }]);
    expect(blocks("    indented\n    code")).toEqual([{ type: "code", lang: null, text: "indented\ncode" }]);
  });

  it("parses tables with their column alignment and inline formatting in cells", () => {
    expect(blocks("| Item | Qty | Note |\n|:--|:-:|--:|\n| **Rope** | 2 | `long` |\n| Lamp |")).toEqual([
      {
        type: "table",
        align: ["left", "center", "right"],
        head: [[text("Item")], [text("Qty")], [text("Note")]],
        rows: [
          [[strong(text("Rope"))], [text("2")], [code("long")]],
          [[text("Lamp")], [], []],
        ],
      },
    ]);
  });

  it("parses blockquotes, nested, with blocks inside", () => {
    expect(blocks("> she said\n> > *quietly*\n>\n> - a")).toEqual([
      {
        type: "quote",
        children: [
          para(text("she said")),
          { type: "quote", children: [para(em(text("quietly")))] },
          { type: "list", ordered: false, start: 1, items: [[tight(text("a"))]] },
        ],
      },
    ]);
  });

  it("parses tight and loose lists, nested, and numbered lists from their start", () => {
    expect(blocks("- one\n- **two**\n  - two a\n- three\n  more\n\n3. c\n\n4. d")).toEqual([
      {
        type: "list",
        ordered: false,
        start: 1,
        items: [
          [tight(text("one"))],
          [tight(strong(text("two"))), { type: "list", ordered: false, start: 1, items: [[tight(text("two a"))]] }],
          [tight(text("three"), br, text("more"))],
        ],
      },
      { type: "list", ordered: true, start: 3, items: [[para(text("c"))], [para(text("d"))]] },
    ]);
  });

  it("only lets a numbered list starting at 1 interrupt a paragraph", () => {
    expect(blocks("We met in\n1999. Then\n1. first")).toEqual([
      para(text("We met in"), br, text("1999. Then")),
      { type: "list", ordered: true, start: 1, items: [[tight(text("first"))]] },
    ]);
  });

  it("parses ATX and setext headings and horizontal rules", () => {
    expect(blocks("## Plan ##\n\n---\n\nTitle\n===")).toEqual([
      { type: "heading", level: 2, children: [text("Plan")] },
      { type: "rule" },
      { type: "heading", level: 1, children: [text("Title")] },
    ]);
  });

  it("handles CRLF line ends and empty input", () => {
    expect(blocks("a\r\nb\r\n\r\nc")).toEqual([para(text("a"), br, text("b")), para(text("c"))]);
    expect(blocks("")).toEqual([]);
    expect(blocks("\n\n  \n")).toEqual([]);
  });

  it("keys each top-level block by its source, so an unchanged block keeps its key as text is added", () => {
    const before = parseMarkdown("First *one*.\n\n| a |\n|---|\n| 1 |\n\nSecond");
    const after = parseMarkdown("First *one*.\n\n| a |\n|---|\n| 1 |\n\nSecond and more");
    expect(after.slice(0, 2).map((b) => b.key)).toEqual(before.slice(0, 2).map((b) => b.key));
    expect(after[2]!.key).not.toBe(before[2]!.key);
    // a link definition added later changes what earlier blocks mean, so their keys too
    const defined = parseMarkdown("First *one*.\n\n[x]: https://x.example");
    expect(defined[0]!.key).not.toBe(parseMarkdown("First *one*.")[0]!.key);
  });
});

describe("safe links", () => {
  it("accepts only absolute https URLs with a host", () => {
    expect(safeLinkHref("https://example.com/a b")).toBeNull();
    expect(safeLinkHref("https://example.com/path?q=1#x")).toBe("https://example.com/path?q=1#x");
    expect(safeLinkHref("HTTPS://EXAMPLE.com")).toBe("https://example.com/");
    expect(safeLinkHref("https:example.com")).toBeNull();
    expect(safeLinkHref("https://exa\tmple.com")).toBeNull();
    expect(safeLinkHref("javascript:alert(1)//https://")).toBeNull();
  });
});
