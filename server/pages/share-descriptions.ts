/** The share descriptions of listing pages, shared by their metadata and their share cards. */
export function characterCount(n: number): string {
  return `${n} ${n === 1 ? "character" : "characters"}`;
}

export function profileDescription(name: string, total: number): string {
  return total > 0
    ? `${characterCount(total)} by ${name} on Kewl. Chat with them or create your own.`
    : `${name} on Kewl, where people chat with and create AI characters.`;
}
