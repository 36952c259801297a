"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { AUTH_MESSAGES } from "@/lib/auth/messages";
import {
  profileFormSchema,
  saveProfile,
  type ProfileFormInput,
  type ProfileFormValues,
  type SexValue,
} from "@/lib/auth/profile-flow";
import { useAuthStore, type Profile } from "@/stores/auth-store";
import { useDialogStore } from "@/stores/dialog-store";
import { toast } from "@/stores/toast-store";

function toForm(profile: Profile): ProfileFormInput {
  return { name: profile.name, key: profile.key, sex: String(profile.sex) as SexValue, face: profile.face };
}

/**
 * The Edit Profile form (SPEC §4 "Profile save"): validate, check the ID, update, refresh, confirm, close;
 * then go to the new profile URL when the ID changed, unless the modal came from registration.
 */
export function useEditProfile(profile: Profile) {
  const router = useRouter();
  const form = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: toForm(profile),
    reValidateMode: "onSubmit",
  });

  const save = form.handleSubmit(async (values) => {
    const fromRegistration = useDialogStore.getState().editProfileFromRegistration;
    const outcome = await saveProfile(profile, values);
    if (!outcome.ok) {
      if (outcome.kind === "field")
        form.setError(outcome.field, { type: "server", message: outcome.message }, { shouldFocus: true });
      else if (outcome.kind === "toast")
        toast({ title: outcome.title, description: outcome.description, variant: "destructive" });
      return;
    }
    useAuthStore.getState().setProfile(outcome.profile);
    toast({ title: AUTH_MESSAGES.profileUpdated });
    useDialogStore.getState().closeEditProfile();
    if (outcome.keyChanged && !fromRegistration) router.push(`/profile/${encodeURIComponent(outcome.profile.key)}`);
  });

  /** register() that clears the field's error as soon as it is edited (SPEC §5). */
  const field = (name: keyof ProfileFormInput) => form.register(name, { onChange: () => form.clearErrors(name) });

  return { form, save, field };
}
