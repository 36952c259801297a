"use client";

import { useEffect, useId, useState } from "react";
import { useWatch } from "react-hook-form";
import { LoadingButton, TextField } from "@/components/auth/fields";
import { ResponsiveDialog } from "@/components/ui/responsive-dialog";
import { SEX_OPTIONS } from "@/lib/auth/profile-flow";
import { LIMITS } from "@/lib/validation/auth-rules";
import { useAuthStore, type Profile } from "@/stores/auth-store";
import { useDialogStore } from "@/stores/dialog-store";
import { AccountDataSection } from "./account-data-section";
import { AvatarPicker } from "./avatar-picker";
import { DeleteAccountDialog } from "./delete-account-dialog";
import { useDeleteAccount } from "./use-delete-account";
import { useEditProfile } from "./use-edit-profile";

/**
 * The Edit Profile modal (SPEC §2 dialog 2): avatar, nickname, ID, gender; then the account's data (download,
 * delete). Shown only while signed in.
 */
export function EditProfileDialog() {
  const open = useDialogStore((s) => s.editProfileOpen);
  const fromRegistration = useDialogStore((s) => s.editProfileFromRegistration);
  const profile = useAuthStore((s) => s.profile);
  const signedIn = useAuthStore((s) => !!s.token);
  const visible = open && signedIn && !!profile;
  const [deleting, setDeleting] = useState(false);
  const deletion = useDeleteAccount();

  // Signed out meanwhile (logout, expired session): the request to edit is void, not kept for the next login.
  useEffect(() => {
    if (open && !signedIn) useDialogStore.getState().closeEditProfile();
  }, [open, signedIn]);

  return (
    <>
      <ResponsiveDialog
        open={visible}
        onOpenChange={(next) => (next ? undefined : useDialogStore.getState().closeEditProfile())}
        title="Edit Profile"
        description={
          fromRegistration ? "Your account is ready. Choose how others will see you." : "Update how others see you."
        }
      >
        {profile ? <EditProfileForm profile={profile} /> : null}
        {profile ? <AccountDataSection onDeleteAccount={() => setDeleting(true)} /> : null}
      </ResponsiveDialog>
      {profile ? (
        <DeleteAccountDialog
          open={visible && deleting}
          onOpenChange={(next) => {
            setDeleting(next);
            if (!next) deletion.clearFieldError();
          }}
          accountKey={profile.key}
          pending={deletion.pending}
          serverError={deletion.fieldError}
          onEdit={deletion.clearFieldError}
          onConfirm={(typed) =>
            void deletion.remove(typed).then((done) => {
              if (done) setDeleting(false);
            })
          }
        />
      ) : null}
    </>
  );
}

function EditProfileForm({ profile }: { profile: Profile }) {
  const { form, save, field } = useEditProfile(profile);
  const { errors, isSubmitting } = form.formState;
  const genderId = useId();
  const [name, key, face] = useWatch({ control: form.control, name: ["name", "key", "face"] });
  const [uploading, setUploading] = useState(false);

  return (
    <form noValidate onSubmit={save} className="flex flex-col gap-5">
      <AvatarPicker
        value={face ?? ""}
        name={name}
        onChange={(url) => form.setValue("face", url, { shouldDirty: true })}
        onBusyChange={setUploading}
      />
      <TextField
        label="Nickname"
        autoComplete="nickname"
        maxLength={LIMITS.nicknameMax}
        count={name.length}
        error={errors.name?.message}
        {...field("name")}
      />
      <div className="flex flex-col gap-1.5">
        <TextField
          label="ID"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={LIMITS.idMax}
          count={key.length}
          error={errors.key?.message}
          {...field("key")}
        />
        <p className="text-xs text-muted-foreground">
          Letters, numbers, hyphens and underscores. Your profile address: /profile/{key || "…"}
        </p>
      </div>
      <fieldset
        role="radiogroup"
        aria-labelledby={`${genderId}-legend`}
        aria-describedby={errors.sex ? `${genderId}-error` : undefined}
        className="flex flex-col gap-2"
      >
        <legend id={`${genderId}-legend`} className="mb-1.5 text-sm font-medium">
          Gender
        </legend>
        <div className="grid grid-cols-3 gap-2">
          {SEX_OPTIONS.map((option) => (
            <label
              key={option.value}
              className="flex h-11 cursor-pointer items-center justify-center rounded-lg border border-border text-sm font-medium transition-colors hover:bg-muted has-checked:border-primary has-checked:bg-primary/10 has-checked:text-primary has-focus-visible:ring-2 has-focus-visible:ring-ring"
            >
              <input type="radio" value={option.value} className="sr-only" {...field("sex")} />
              {option.label}
            </label>
          ))}
        </div>
        {errors.sex ? (
          <p id={`${genderId}-error`} role="alert" className="text-sm text-destructive">
            {errors.sex.message}
          </p>
        ) : null}
      </fieldset>
      <LoadingButton type="submit" loading={isSubmitting} disabled={uploading} className="mt-1 h-11">
        Save Changes
      </LoadingButton>
    </form>
  );
}
