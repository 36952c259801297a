import type { FormMode } from "./character-form";

const ID = /^[1-9][0-9]{0,15}$/;

function idParam(value: string | string[] | undefined): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || !ID.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** /create's mode from its query: `?edit={id}` edits, `?from={id}` copies, anything else starts a new character. */
export function formModeFromQuery(query: { edit?: string | string[]; from?: string | string[] }): FormMode {
  const edit = idParam(query.edit);
  if (edit !== null) return { kind: "edit", id: edit };
  const from = idParam(query.from);
  if (from !== null) return { kind: "copy", id: from };
  return { kind: "new" };
}
