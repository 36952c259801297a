/**
 * Saving the Edit Profile form (SPEC §4 "Profile save", §8 "Profile"): check the ID is free when it changed,
 * update, refresh the user info. Resolves with an outcome; never rejects for an expected failure.
 */
import { z } from "zod";
import { ApiError, isUnauthorizedError } from "@/lib/api/errors";
import { ID_TAKEN_CODE, type UserInfo } from "@/lib/contracts/accounts";
import { MESSAGES, nicknameRule, userIdRule } from "@/lib/validation/auth-rules";
import { fetchUserInfo, updateUser, userKeyExists } from "./account-api";
import { AUTH_MESSAGES } from "./messages";

export const SEX_OPTIONS = [
  { value: "1", label: "Male" },
  { value: "0", label: "Female" },
  { value: "-1", label: "Non-binary" },
] as const;
export type SexValue = (typeof SEX_OPTIONS)[number]["value"];
const GENDER_MESSAGE = "Please choose a gender";

/** The form: radio values are strings in the DOM, numbers on the wire. */
export const profileFormSchema = z.object({
  name: nicknameRule,
  key: userIdRule,
  sex: z.enum(["1", "0", "-1"], GENDER_MESSAGE).transform((v) => Number(v) as 1 | 0 | -1),
  /** The avatar: a verified upload's URL (lib/files/upload-image.ts), the one the profile had, or "" for none. */
  face: z.string().max(500).optional(),
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormValues = z.output<typeof profileFormSchema>;

export type ProfileLike = Pick<UserInfo, "key" | "name" | "face" | "sex" | "uid"> & { email?: string | null };

export type SaveProfileOutcome<P extends ProfileLike> =
  | { ok: true; profile: P; keyChanged: boolean }
  | { ok: false; kind: "field"; field: "key"; message: string }
  | { ok: false; kind: "toast"; title: string; description: string }
  /** The session expired: the 401 handler has already signed out and said so. */
  | { ok: false; kind: "signed-out" };

const idTaken = { ok: false, kind: "field", field: "key", message: MESSAGES.idTaken } as const;

export async function saveProfile<P extends ProfileLike>(
  current: P,
  values: ProfileFormValues,
): Promise<SaveProfileOutcome<P>> {
  const keyChanged = values.key !== current.key;
  if (keyChanged) {
    try {
      if (await userKeyExists(values.key)) return idTaken;
    } catch (error) {
      if (isUnauthorizedError(error)) return { ok: false, kind: "signed-out" };
      return {
        ok: false,
        kind: "toast",
        title: AUTH_MESSAGES.idCheckFailedTitle,
        description: AUTH_MESSAGES.idCheckFailedDescription,
      };
    }
  }
  try {
    await updateUser(values);
  } catch (error) {
    if (error instanceof ApiError && error.code === ID_TAKEN_CODE) return idTaken;
    if (isUnauthorizedError(error)) return { ok: false, kind: "signed-out" };
    return { ok: false, kind: "toast", title: AUTH_MESSAGES.profileUpdateFailed, description: AUTH_MESSAGES.tryLater };
  }
  let profile: P;
  try {
    profile = { ...current, ...(await fetchUserInfo()) };
  } catch (error) {
    // The update went through; keep what was saved rather than report a failure.
    console.warn("user info refresh failed after a profile update", error);
    profile = { ...current, ...values };
  }
  return { ok: true, profile, keyChanged };
}
