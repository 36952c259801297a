"use client";

import { useWatch } from "react-hook-form";
import { LoadingButton, TextField } from "@/components/auth/fields";
import { Button } from "@/components/ui/button";
import { trackClick } from "@/lib/analytics/click-label";
import type { TagChoice } from "@/lib/creation/card-tags";
import { formValuesText, type CharacterFormValues, type FormMode } from "@/lib/creation/character-form";
import { CHARACTER_LIMITS } from "@/lib/validation/character-rules";
import { AlternateGreetingsField } from "./alternate-greetings-field";
import { AvatarField } from "./avatar-field";
import { CardImport } from "./card-import";
import { CharacterPreview } from "./character-preview";
import { LorebookField } from "./lorebook-field";
import { NsfwSwitch } from "./nsfw-switch";
import { TagPicker } from "./tag-picker";
import { TextAreaField } from "./text-area-field";
import { useImageUpload } from "@/components/files/use-image-upload";
import { useCardImport } from "./use-card-import";
import { discardDraft } from "./use-character-draft";
import { useCharacterForm } from "./use-character-form";
import { useNameCheck } from "./use-name-check";
import { VisibilityField } from "./visibility-field";

const L = CHARACTER_LIMITS;

export interface CharacterFormProps {
  mode: FormMode;
  tags: readonly TagChoice[];
  base: CharacterFormValues;
  initial: CharacterFormValues;
}

/** The character form with its card import and live preview (beside it from 1024px, below it on phones). */
export function CharacterForm({ mode, tags, base, initial }: CharacterFormProps) {
  const { form, submit, field } = useCharacterForm({ mode, base, initial });
  const { errors, isSubmitting } = form.formState;
  const values = useWatch({ control: form.control }) as CharacterFormValues;
  const avatar = useImageUpload((url) => {
    form.clearErrors("avatar");
    form.setValue("avatar", url, { shouldDirty: true });
  });
  const cardImport = useCardImport(form, tags, avatar.upload);
  const nameWarning = useNameCheck(values.name ?? "", mode.kind === "edit" ? mode.id : undefined);
  const changed = formValuesText(values) !== formValuesText(base);

  const discard = () => {
    discardDraft(mode);
    form.reset(base);
    avatar.reset();
    cardImport.dismiss();
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex min-w-0 flex-col gap-6">
        {mode.kind === "edit" ? null : (
          <CardImport
            state={cardImport.state}
            onFile={(file) => void cardImport.importFile(file)}
            onDismiss={cardImport.dismiss}
          />
        )}
        <form noValidate onSubmit={submit} className="flex flex-col gap-6" aria-label="Character">
          <div className="flex flex-col gap-1.5">
            <TextField
              label="Name"
              autoComplete="off"
              maxLength={L.name}
              count={values.name?.length ?? 0}
              error={errors.name?.message}
              {...field("name")}
            />
            {nameWarning ? (
              <p role="status" className="text-sm text-amber-700 dark:text-amber-300">
                {nameWarning}
              </p>
            ) : null}
          </div>
          <AvatarField
            avatar={values.avatar ?? ""}
            name={values.name ?? ""}
            state={avatar.state}
            error={errors.avatar?.message}
            onFile={(file) => void avatar.upload(file)}
            onRemove={() => {
              avatar.reset();
              form.clearErrors("avatar");
              form.setValue("avatar", "", { shouldDirty: true });
            }}
          />
          <TextAreaField
            label="Short intro"
            hint="One or two sentences shown on the character's card."
            rows={2}
            maxLength={L.intro}
            count={values.intro?.length ?? 0}
            error={errors.intro?.message}
            {...field("intro")}
          />
          <TextAreaField
            label="Greeting"
            hint="The first message of every chat. {{char}} is the character's name, {{user}} the reader's."
            rows={4}
            maxLength={L.greeting}
            count={values.greeting?.length ?? 0}
            error={errors.greeting?.message}
            {...field("greeting")}
          />
          <AlternateGreetingsField form={form} />
          <TextAreaField
            label="Persona"
            hint="Who the character is: personality, background, how they speak."
            rows={6}
            maxLength={L.persona}
            count={values.persona?.length ?? 0}
            error={errors.persona?.message}
            {...field("persona")}
          />
          <TextAreaField
            label="Scenario"
            hint="Where and when the chat takes place."
            rows={3}
            maxLength={L.scenario}
            count={values.scenario?.length ?? 0}
            error={errors.scenario?.message}
            {...field("scenario")}
          />
          <TextAreaField
            label="Example dialogue"
            hint="A few lines showing how the character talks."
            rows={4}
            maxLength={L.exampleDialogue}
            count={values.example_dialogue?.length ?? 0}
            error={errors.example_dialogue?.message}
            {...field("example_dialogue")}
          />
          <LorebookField form={form} />
          <TagPicker
            tags={tags}
            value={values.tags ?? []}
            error={errors.tags?.message}
            onChange={(keys) => {
              form.clearErrors("tags");
              form.setValue("tags", keys, { shouldDirty: true });
            }}
          />
          <NsfwSwitch
            checked={values.nsfw ?? false}
            onChange={(next) => form.setValue("nsfw", next, { shouldDirty: true })}
          />
          <VisibilityField input={form.register("visibility")} />
          <div className="flex flex-col-reverse gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-between">
            {changed ? (
              <Button variant="ghost" onClick={discard} disabled={isSubmitting}>
                Discard draft
              </Button>
            ) : (
              <span />
            )}
            <LoadingButton
              type="submit"
              loading={isSubmitting}
              disabled={avatar.state.status === "uploading"}
              className="h-11 sm:min-w-44"
              {...(mode.kind === "edit" ? {} : trackClick("create_character", "submit"))}
            >
              {mode.kind === "edit" ? "Save changes" : "Create character"}
            </LoadingButton>
          </div>
        </form>
      </div>
      <aside className="min-w-0 lg:sticky lg:top-20 lg:self-start">
        <CharacterPreview control={form.control} tags={tags} />
      </aside>
    </div>
  );
}
