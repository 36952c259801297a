/**
 * Finds which of many plain-text keys occur in a text, in one pass over the text (Aho–Corasick): the cost is the
 * text's length plus the matches, whatever the number of keys, where testing each key with `includes` costs keys
 * × text. Built once per lorebook (lorebook-selection.ts). Keys are UTF-16 code units compared exactly; callers
 * lowercase keys and text for case-insensitive matching. Nothing here is a regular expression.
 */
export class KeyMatcher {
  private readonly next: Map<number, number>[] = [new Map()];
  private readonly fail: number[] = [0];
  /** The key ids that end at each node, its suffixes' included (filled by the build). */
  private readonly out: number[][] = [[]];
  readonly size: number;

  constructor(keys: readonly string[]) {
    keys.forEach((key, id) => {
      if (!key) return;
      let node = 0;
      for (let i = 0; i < key.length; i += 1) {
        const code = key.charCodeAt(i);
        let child = this.next[node]!.get(code);
        if (child === undefined) {
          child = this.next.length;
          this.next.push(new Map());
          this.fail.push(0);
          this.out.push([]);
          this.next[node]!.set(code, child);
        }
        node = child;
      }
      this.out[node]!.push(id);
    });
    this.size = keys.length;
    // Breadth first: a node's failure link is the longest proper suffix of its path that is also in the trie.
    const queue: number[] = [...this.next[0]!.values()];
    for (let head = 0; head < queue.length; head += 1) {
      const node = queue[head]!;
      for (const [code, child] of this.next[node]!) {
        let f = this.fail[node]!;
        while (f !== 0 && !this.next[f]!.has(code)) f = this.fail[f]!;
        const target = this.next[f]!.get(code);
        this.fail[child] = target !== undefined && target !== child ? target : 0;
        const inherited = this.out[this.fail[child]!]!;
        if (inherited.length) this.out[child] = [...this.out[child]!, ...inherited];
        queue.push(child);
      }
    }
  }

  /** Marks found[id] = true for every key that occurs in text. */
  scan(text: string, found: Uint8Array): void {
    let node = 0;
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      let child = this.next[node]!.get(code);
      while (child === undefined && node !== 0) {
        node = this.fail[node]!;
        child = this.next[node]!.get(code);
      }
      node = child ?? 0;
      const ids = this.out[node]!;
      for (let k = 0; k < ids.length; k += 1) found[ids[k]!] = 1;
    }
  }
}
