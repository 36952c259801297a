/** Whether a stored string is JSON that `schema` accepts: the zod answer a plain storage check must agree with. */
export function acceptsJson(schema: { safeParse(value: unknown): { success: boolean } }): (raw: string) => boolean {
  return (raw) => {
    try {
      return schema.safeParse(JSON.parse(raw)).success;
    } catch {
      return false;
    }
  };
}
