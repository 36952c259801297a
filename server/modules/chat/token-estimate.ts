/**
 * A conservative token count for prompt budgeting, without a tokenizer (the upstream model, and so its
 * tokenizer, is unknown). BPE tokenizers average about 4 characters per token on English and code, but spend
 * more on other scripts, so the estimate leans high:
 *
 * - ASCII: 4 characters per token;
 * - CJK characters and emoji (pictographs): 1 token each;
 * - any other character (accented Latin, Cyrillic, Greek, Arabic, combining marks...): 2 characters per token.
 *
 * A message also costs MESSAGE_OVERHEAD_TOKENS for its role and delimiters.
 */

/** Role markers and delimiters around each chat message (OpenAI's chat format spends 3-4). */
export const MESSAGE_OVERHEAD_TOKENS = 4;

const ONE_TOKEN_EACH =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Extended_Pictographic}]/u;

export function estimateTokens(text: string): number {
  let ascii = 0;
  let other = 0;
  let whole = 0;
  // By UTF-16 unit, ASCII first: a prompt is mostly ASCII, and this runs over all of it on every reply.
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      ascii += 1;
      continue;
    }
    let char = text[i]!;
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        char = text.slice(i, i + 2);
        i += 1;
      }
    }
    if (ONE_TOKEN_EACH.test(char)) whole += 1;
    else other += 1;
  }
  return Math.ceil(ascii / 4) + Math.ceil(other / 2) + whole;
}

/** The cost of one chat message with this content, overhead included. */
export function estimateMessageTokens(content: string): number {
  return estimateTokens(content) + MESSAGE_OVERHEAD_TOKENS;
}
