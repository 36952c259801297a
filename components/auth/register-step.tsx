"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { trackClick } from "@/lib/analytics/click-label";
import { captchaRule, emailCodeRule, LIMITS, passwordRule } from "@/lib/validation/auth-rules";
import { useAuthStore } from "@/stores/auth-store";
import { CaptchaImageButton, useCaptcha } from "./captcha";
import { EmailCodeField } from "./email-code-field";
import { FormAlert, LoadingButton, PasswordField, TextField } from "./fields";
import { SendCodeButton } from "./send-code-button";
import { TermsConsent } from "./terms-consent";
import type { LoginFlow } from "./use-login-flow";

const schema = z.object({ captcha: captchaRule, emailCode: emailCodeRule, password: passwordRule });
type Field = keyof z.infer<typeof schema>;

/**
 * Step 2b: a new account. Captcha (reloaded on entry, after each attempt and on click), the e-mailed 6-digit
 * code with Send Code, and the password. Server errors land under the field they concern (SPEC §8).
 */
export function RegisterStep({ flow }: { flow: LoginFlow }) {
  const captcha = useCaptcha(flow.email);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    clearErrors,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      captcha: useAuthStore.getState().captcha,
      emailCode: useAuthStore.getState().emailCode,
      password: "",
    },
    reValidateMode: "onSubmit",
  });
  const emailCode = useWatch({ control, name: "emailCode" });

  const field = (name: Field, onEdit?: (value: string) => void) =>
    register(name, {
      onChange: (event: { target: { value: string } }) => {
        clearErrors(name);
        clearErrors("root.server");
        onEdit?.(event.target.value);
      },
    });

  const onSubmit = handleSubmit(async (values) => {
    const failure = await flow.register(values);
    if (!failure) return;
    // The captcha is single use: a new image and an empty input for the next attempt.
    setValue("captcha", "");
    useAuthStore.getState().setCaptcha("");
    captcha.reload();
    setError(failure.field ?? "root.server", { type: "server", message: failure.message }, { shouldFocus: true });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <input type="email" name="username" autoComplete="username" value={flow.email} readOnly hidden />
      <TextField
        label="Captcha"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder="Text in the image"
        autoFocus
        error={errors.captcha?.message}
        aside={<CaptchaImageButton captcha={captcha} />}
        {...field("captcha", useAuthStore.getState().setCaptcha)}
      />
      <EmailCodeField
        field={field("emailCode", useAuthStore.getState().setEmailCode)}
        onPasteCode={(code) => {
          setValue("emailCode", code);
          clearErrors("emailCode");
          clearErrors("root.server");
          useAuthStore.getState().setEmailCode(code);
        }}
        length={emailCode.length}
        error={errors.emailCode?.message}
        aside={
          <SendCodeButton
            email={flow.email}
            onSent={() => {
              setSentTo(flow.email);
              setFocus("emailCode");
            }}
          />
        }
        sentTo={sentTo}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        placeholder={`At least ${LIMITS.passwordMin} characters`}
        error={errors.password?.message}
        {...field("password")}
      />
      <FormAlert message={errors.root?.server?.message} />
      <LoadingButton type="submit" {...trackClick("login_popup", "register")} loading={flow.loading} className="h-11">
        Create account
      </LoadingButton>
      <TermsConsent />
    </form>
  );
}
