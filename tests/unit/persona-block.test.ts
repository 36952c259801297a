import { describe, expect, it } from "vitest";
import { personaBlock, resolvePersona } from "@/server/modules/chat/persona-block";
import { chatPersonaSchema, personaSchema, PERSONA_LIMITS } from "@/lib/validation/persona-rules";

describe("persona", () => {
  it("uses the chat's persona over the user's, and the nickname when no name is set", () => {
    const own = { name: "Sir Sam", description: "A knight." };
    expect(resolvePersona("Sam42", own, null)).toEqual(own);
    expect(resolvePersona("Sam42", own, { name: "Pirate Sam", description: "" })).toEqual({
      name: "Pirate Sam",
      description: "",
    });
    expect(resolvePersona("Sam42", { name: " ", description: "" }, null).name).toBe("Sam42");
  });

  it("writes a block only when there is a description", () => {
    expect(personaBlock("Sam", "  ")).toBe("");
    expect(personaBlock("Sam", "A tall knight.")).toBe("## Sam, who you are talking with\nA tall knight.");
  });

  it("validates the lengths", () => {
    expect(personaSchema.safeParse({ name: "x".repeat(PERSONA_LIMITS.name + 1), description: "" }).success).toBe(false);
    expect(personaSchema.safeParse({ name: "", description: "x".repeat(PERSONA_LIMITS.description + 1) }).success).toBe(
      false,
    );
    expect(personaSchema.parse({ name: "  Sam ", description: "" })).toEqual({ name: "Sam", description: "" });
    expect(chatPersonaSchema.safeParse({ name: " ", description: "" }).success).toBe(false);
  });
});
