// jsdom ships no types (and @types/jsdom trails its versions); the part tests/support/sa-sdk-browser.ts uses.
declare module "jsdom" {
  interface JSDOMOptions {
    url?: string;
    runScripts?: "dangerously" | "outside-only";
    pretendToBeVisual?: boolean;
  }

  /** The page's window: the DOM's types, and eval in the page (runScripts: "outside-only"). */
  type DOMWindow = Window & typeof globalThis & { eval(source: string): unknown; close(): void };

  export class JSDOM {
    constructor(html?: string, options?: JSDOMOptions);
    readonly window: DOMWindow;
  }
}
