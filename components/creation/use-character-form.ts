"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm, type Resolver } from "react-hook-form";
import { createCharacter, updateCharacter } from "@/lib/creation/creation-api";
import {
  characterFormSchema,
  type CharacterFormOutput,
  type CharacterFormValues,
  type FormMode,
} from "@/lib/creation/character-form";
import { submitFailure } from "@/lib/creation/submit-error";
import { toast } from "@/stores/toast-store";
import { discardDraft, useDraftAutosave } from "./use-character-draft";

// The form always holds every field, where the contract's input has defaults (optional): the same schema.
const resolver = zodResolver(characterFormSchema) as unknown as Resolver<
  CharacterFormValues,
  unknown,
  CharacterFormOutput
>;

/**
 * The character form: react-hook-form validated by the shared contract, its draft saved as it changes, and
 * submit → create (or update in edit mode) → the character's page. A failure keeps everything typed.
 */
export function useCharacterForm({
  mode,
  base,
  initial,
}: {
  mode: FormMode;
  /** What the form starts from without a draft (empty, or the loaded character). */
  base: CharacterFormValues;
  /** What it starts from now (the draft when there is one). */
  initial: CharacterFormValues;
}) {
  const router = useRouter();
  const form = useForm<CharacterFormValues, unknown, CharacterFormOutput>({
    // The resolver gives the parsed (trimmed, defaulted) values to the submit handler.
    resolver,
    defaultValues: initial,
    reValidateMode: "onSubmit",
  });
  useDraftAutosave(form, mode, base);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved =
        mode.kind === "edit"
          ? await updateCharacter(mode.id, values)
          : await createCharacter(mode.kind === "copy" ? { ...values, copied_from: mode.id } : values);
      discardDraft(mode);
      toast({ title: mode.kind === "edit" ? "Character saved" : "Character created", description: saved.name });
      router.push(`/character/${saved.id}`);
    } catch (err) {
      const failure = submitFailure(err);
      if (failure.kind === "field") {
        form.setError(failure.field, { type: "server", message: failure.message }, { shouldFocus: true });
      } else {
        toast({ title: "The character was not saved", description: failure.message, variant: "destructive" });
      }
    }
  });

  /** register() that clears the field's error as soon as it is edited (SPEC §5). */
  const field = (name: "name" | "intro" | "greeting" | "persona" | "scenario" | "example_dialogue") =>
    form.register(name, { onChange: () => form.clearErrors(name) });

  return { form, submit, field };
}
