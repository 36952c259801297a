"use client";

import { useMemo, useState, type ReactNode } from "react";
import { useSignedInProfile } from "@/components/auth/header-account";
import { Link } from "@/components/ui/link";
import { Spinner } from "@/components/ui/spinner";
import { useClientValue } from "@/components/use-client-value";
import type { CharacterDefinition } from "@/lib/contracts/creation";
import type { TagChoice } from "@/lib/creation/card-tags";
import {
  definitionToForm,
  EMPTY_CHARACTER,
  type CharacterFormValues,
  type FormMode,
} from "@/lib/creation/character-form";
import { CharacterForm } from "./character-form";
import { CreateSignedOut } from "./create-signed-out";
import { readDraft } from "./use-character-draft";
import { sourceProblem, useSourceCharacter } from "./use-source-character";

/**
 * /create's body: visitors see what it is and a sign-in button; signed-in people get the form, empty (`/create`),
 * filled from their own character (`?edit={id}`) or from a public one (`?from={id}`), a saved draft first.
 */
export function CreateCharacter({ mode, tags }: { mode: FormMode; tags: readonly TagChoice[] }) {
  const hydrated = useClientValue(() => true, false);
  const profile = useSignedInProfile();
  if (!hydrated) return <Loading label="Loading" />;
  if (!profile) return <CreateSignedOut />;
  if (mode.kind === "new") return <FormWithDraft key="new" mode={mode} tags={tags} base={EMPTY_CHARACTER} />;
  return <FromCharacter key={`${mode.kind}:${mode.id}`} mode={mode} tags={tags} />;
}

function FromCharacter({ mode, tags }: { mode: Exclude<FormMode, { kind: "new" }>; tags: readonly TagChoice[] }) {
  const source = useSourceCharacter(mode.id);
  if (source.isPending) return <Loading label="Loading the character" />;
  if (source.isError) return <Problem>{sourceProblem(mode.kind, source.error)}</Problem>;
  const def = source.data;
  if (mode.kind === "edit" && !def.is_owner)
    return (
      <Problem>
        You can only edit your own characters.{" "}
        <Link href={`/create?from=${def.id}`} className="underline">
          Make a copy
        </Link>{" "}
        instead?
      </Problem>
    );
  return (
    <>
      {mode.kind === "copy" ? <Credit def={def} /> : null}
      <SourcedForm mode={mode} tags={tags} def={def} />
    </>
  );
}

function SourcedForm({ mode, tags, def }: { mode: FormMode; tags: readonly TagChoice[]; def: CharacterDefinition }) {
  const base = useMemo<CharacterFormValues>(() => {
    const values = definitionToForm(def);
    return mode.kind === "copy" ? { ...values, visibility: "public" } : values;
  }, [def, mode.kind]);
  return <FormWithDraft mode={mode} tags={tags} base={base} />;
}

function FormWithDraft({
  mode,
  tags,
  base,
}: {
  mode: FormMode;
  tags: readonly TagChoice[];
  base: CharacterFormValues;
}) {
  // Read once when the form mounts: later changes are the form's own.
  const [initial] = useState(() => readDraft(mode) ?? base);
  return <CharacterForm mode={mode} tags={tags} base={base} initial={initial} />;
}

function Credit({ def }: { def: CharacterDefinition }) {
  return (
    <p
      className="mb-6 rounded-lg border border-border bg-muted/40 px-3 py-2 text-sm wrap-anywhere"
      data-testid="copy-credit"
    >
      Based on <strong>{def.name}</strong> by {def.creator?.name ?? "an unknown creator"}
    </p>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16">
      <Spinner size="lg" label={label} />
    </div>
  );
}

function Problem({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="mx-auto max-w-xl py-10 text-center text-muted-foreground">
      {children}
    </p>
  );
}
