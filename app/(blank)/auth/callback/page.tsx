import { OAuthReturn } from "@/components/auth/oauth-return";

export const metadata = { title: "Signing in", robots: { index: false } };

type Params = { code?: string | string[]; is_new?: string | string[]; error?: string | string[] };

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** OAuth return page (SPEC §4): reads code, is_new and error from the URL and hands them to the opener. */
export default async function AuthCallbackPage({ searchParams }: { searchParams: Promise<Params> }) {
  const params = await searchParams;
  return (
    <main className="py-16 text-center">
      <OAuthReturn code={first(params.code)} isNew={first(params.is_new)} error={first(params.error)} />
    </main>
  );
}
