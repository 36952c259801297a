import { describe, expect, it } from "vitest";
import { parseMarkdown, type Block, type Inline } from "@/lib/chat/markdown";
import { closeOpenMarkdown } from "@/lib/chat/markdown-open";

const blocks = (markdown: string, open = false) => parseMarkdown(markdown, { open }).map((parsed) => parsed.block);

type Node = Inline | Block;
function visibleText(nodes: Node[]): string {
  return nodes
    .map((node): string => {
      switch (node.type) {
        case "text":
        case "code":
          return node.text;
        case "break":
          return "\n";
        case "image":
          return node.alt;
        case "rule":
          return "";
        case "list":
          return node.items.map(visibleText).join("\n");
        case "table":
          return [...node.head, ...node.rows.flat()].map(visibleText).join(" ");
        default:
          return visibleText(node.children);
      }
    })
    .join("");
}

function isSubsequence(needle: string, haystack: string): boolean {
  let j = 0;
  for (const ch of haystack) if (ch === needle[j]) j++;
  return j === needle.length;
}

describe("text still streaming in", () => {
  it("formats the rest of the text after an unclosed marker and hides a marker with nothing after it yet", () => {
    expect(closeOpenMarkdown("He says **hel")).toBe("He says **hel**");
    expect(closeOpenMarkdown("*waves at ")).toBe("*waves at*");
    expect(closeOpenMarkdown("*smiles* and *waves")).toBe("*smiles* and *waves*");
    expect(closeOpenMarkdown("**bold*")).toBe("**bold**");
    expect(closeOpenMarkdown("Wait **")).toBe("Wait ");
    expect(closeOpenMarkdown("Run `npm t")).toBe("Run `npm t`");
    expect(closeOpenMarkdown("Run `")).toBe("Run ");
    expect(closeOpenMarkdown("- one\n- *two")).toBe("- one\n- *two*");
    expect(closeOpenMarkdown("> *quietly")).toBe("> *quietly*");
    expect(closeOpenMarkdown("it was ~~to")).toBe("it was ~~to~~");
    expect(closeOpenMarkdown("it was ~~torn~")).toBe("it was ~~torn~~");
    expect(closeOpenMarkdown("about ~5 m")).toBe("about ~5 m");
  });

  it("leaves markers that cannot open emphasis alone", () => {
    expect(closeOpenMarkdown("2 * 3")).toBe("2 * 3");
    expect(closeOpenMarkdown("snake_ca")).toBe("snake_ca");
    expect(closeOpenMarkdown("a*b")).toBe("a*b");
    expect(closeOpenMarkdown("\\*not")).toBe("\\*not");
  });

  it("only looks at the last paragraph", () => {
    expect(blocks("first **open\n\nsecond *also", true)).toEqual([
      { type: "paragraph", children: [{ type: "text", text: "first **open" }] },
      {
        type: "paragraph",
        children: [
          { type: "text", text: "second " },
          { type: "em", children: [{ type: "text", text: "also" }] },
        ],
      },
    ]);
  });

  it("runs an open code fence to the end and holds back its closing fence while it is typed", () => {
    expect(blocks("Here:\n```py\nprint(1)\nprint(", true)).toEqual([
      { type: "paragraph", children: [{ type: "text", text: "Here:" }] },
      { type: "code", lang: "py", text: "print(1)\nprint(" },
    ]);
    expect(closeOpenMarkdown("```js\nconst a = *b\n``")).toBe("```js\nconst a = *b");
    // inside the fence nothing is closed
    expect(closeOpenMarkdown("```\n**x")).toBe("```\n**x");
  });

  it("holds back a table until its delimiter row has every column", () => {
    expect(closeOpenMarkdown("Cargo:\n\n| Item | Qty |")).toBe("Cargo:\n");
    expect(closeOpenMarkdown("Cargo:\n\n| Item | Qty |\n|---|")).toBe("Cargo:\n");
    expect(closeOpenMarkdown("| Item | Qty |\n|---|--")).toBe("| Item | Qty |\n|---|--");
    expect(blocks("| Item | Qty |\n|---|---|\n| Rope | 2", true)[0]!.type).toBe("table");
    // a cell being written is closed like a paragraph
    expect(closeOpenMarkdown("| Item |\n|---|\n| *long")).toBe("| Item |\n|---|\n| *long*");
  });

  it("holds back a line that is only a list marker (it would turn the line above into a heading)", () => {
    expect(closeOpenMarkdown("Options:\n-")).toBe("Options:");
    expect(closeOpenMarkdown("Options:\n1.")).toBe("Options:");
  });

  it("shows the label of a link whose URL is still being written", () => {
    expect(closeOpenMarkdown("see [the docs](https://exa")).toBe("see the docs");
    expect(closeOpenMarkdown("look ![a cat](https://img")).toBe("look ");
    expect(closeOpenMarkdown("never [this](javascript:alert(1")).toBe("never this");
    expect(closeOpenMarkdown("see [the do")).toBe("see the do");
  });

  it("shows unclosed markers literally once the text is complete", () => {
    expect(visibleText(blocks("He says **hel"))).toBe("He says **hel");
    expect(visibleText(blocks("Run `npm t"))).toBe("Run `npm t");
  });

  it("never shows a stray marker, pipe or fence, nor loses or invents characters, while a reply grows", () => {
    const reply = [
      "## The manifest",
      "",
      "*checks the list* Here it is, **captain**. Run `ls -la` or see [the log](https://log.example/x).",
      "",
      "| Item | Qty | Note |",
      "|:--|:-:|--:|",
      "| Rope | 2 | *long* |",
      "| Lamp | 1 | spare |",
      "",
      "> Keep it dry.",
      "",
      "- one",
      "- two ~~three~~",
      "",
      "```ts",
      "const total = 3;",
      "```",
      "",
      "Anything else?",
    ].join("\n");
    const markup = /[*`|#>~\s[\]-]|\(https:\/\/log\.example\/x\)|:--|:-:|--:|ts/g;
    const plain = reply.replace(markup, "");
    const shapes: string[] = [];
    for (let i = 0; i <= reply.length; i++) {
      const partial = reply.slice(0, i);
      const tree = blocks(partial, true);
      const shown = visibleText(tree);
      expect(shown, JSON.stringify(partial)).not.toMatch(/[*`|~]/);
      expect(isSubsequence(shown.replace(markup, ""), plain), JSON.stringify(partial)).toBe(true);
      shapes.push(tree.map((block) => block.type).join(","));
    }
    // every shape on the way is a step towards the final one: blocks only ever get added
    const final = shapes.at(-1)!.split(",");
    for (const shape of shapes) {
      const types = shape ? shape.split(",") : [];
      expect(final.slice(0, types.length), shape).toEqual(types);
    }
  });
});
