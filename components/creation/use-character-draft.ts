"use client";

import { useEffect } from "react";
import { readCache, removeCache, writeCache } from "@/lib/cache/local-cache";
import {
  characterDraftSchema,
  draftKey,
  formValuesText,
  type CharacterFormApi,
  type CharacterFormValues,
  type FormMode,
} from "@/lib/creation/character-form";

/** A draft is kept a month; an older one is dropped. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** The saved draft of this mode, or null (none, too old, or not a draft: then it is removed). */
export function readDraft(mode: FormMode): CharacterFormValues | null {
  return readCache(draftKey(mode), characterDraftSchema, { maxAgeMs: DRAFT_MAX_AGE_MS })?.value ?? null;
}

export function discardDraft(mode: FormMode): void {
  removeCache(draftKey(mode));
}

/**
 * Saves the form's values as this mode's draft whenever they change (the avatar as its verified URL). Values equal
 * to `base` (what the form starts from without a draft) are no draft: the entry is removed.
 */
export function useDraftAutosave(form: CharacterFormApi, mode: FormMode, base: CharacterFormValues): void {
  const key = draftKey(mode);
  useEffect(() => {
    const baseText = formValuesText(base);
    const subscription = form.watch(() => {
      const values = form.getValues();
      if (formValuesText(values) === baseText) removeCache(key);
      else writeCache(key, values);
    });
    return () => subscription.unsubscribe();
  }, [form, key, base]);
}
