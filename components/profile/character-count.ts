/** "1 character", "12 characters". */
export function characterCount(total: number): string {
  return `${total.toLocaleString("en-US")} ${total === 1 ? "character" : "characters"}`;
}
