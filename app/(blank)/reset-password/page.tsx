import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { BrandLink } from "@/components/brand-link";

export const metadata = { title: "Reset password", robots: { index: false } };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/** The e-mailed reset link lands here with ?token=. */
export default async function ResetPasswordPage({ searchParams }: Props) {
  const { token } = await searchParams;
  return (
    <main className="mx-auto flex w-full max-w-md flex-col gap-6 py-6">
      <BrandLink className="self-start" />
      <div>
        <h1 className="text-2xl font-bold">Reset password</h1>
        <p className="mt-1 text-sm text-muted-foreground">Choose a new password of at least 6 characters.</p>
      </div>
      <ResetPasswordForm token={typeof token === "string" ? token : null} />
    </main>
  );
}
