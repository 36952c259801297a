import { z } from "zod";
import { text } from "../contracts/fields";
import { visibleName } from "./visible-text";

/** SPEC §5 rules with their exact messages; shared by the forms and the server. */
export const MESSAGES = {
  email: "Invalid email address",
  password: "Password must be at least 6 characters",
  captcha: "Please enter the captcha code",
  emailCode: "Please enter the 6-digit verification code",
  nicknameRequired: "Please enter your nickname",
  nicknameTooLong: "Nickname must be less than 20 characters",
  nicknameDirection: "Nickname cannot contain text direction characters",
  idTooShort: "ID must be at least 3 characters",
  idTooLong: "ID must be less than 20 characters",
  idCharacters: "ID can only contain letters, numbers, hyphens, and underscores",
  idTaken: "This ID is already taken. Please choose a different one.",
} as const;

export const LIMITS = { nicknameMax: 20, idMin: 3, idMax: 20, passwordMin: 6, captchaMin: 4, emailCode: 6 } as const;

export const emailRule = text().trim().email(MESSAGES.email).max(254, MESSAGES.email);
export const passwordRule = text().min(LIMITS.passwordMin, MESSAGES.password).max(128);
export const captchaRule = text().trim().min(LIMITS.captchaMin, MESSAGES.captcha);
export const emailCodeRule = text()
  .trim()
  .regex(/^\d{6,}$/, MESSAGES.emailCode);
export const nicknameRule = visibleName(
  text().trim().min(1, MESSAGES.nicknameRequired).max(LIMITS.nicknameMax, MESSAGES.nicknameTooLong),
  { direction: MESSAGES.nicknameDirection, required: MESSAGES.nicknameRequired },
);
/** Letters, digits, hyphen and underscore only (ASCII), so no invisible or bidi character gets in. */
export const userIdRule = text()
  .min(LIMITS.idMin, MESSAGES.idTooShort)
  .max(LIMITS.idMax, MESSAGES.idTooLong)
  .regex(/^[A-Za-z0-9_-]+$/, MESSAGES.idCharacters);
/** 1 male, 0 female, -1 other (the default). */
export const sexRule = z.union([z.literal(1), z.literal(0), z.literal(-1)]);
