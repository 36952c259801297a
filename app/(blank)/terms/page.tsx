import { shareMetadata } from "@/server/pages/share-metadata";
import { StaticPage } from "@/components/static-page";

export const metadata = shareMetadata({
  path: "/terms",
  title: "Terms of Service",
  description: "The terms for using Kewl: accounts, AI characters, your content and payments.",
});

export default function TermsPage() {
  return (
    <StaticPage title="Terms of Service" updated="21 November 2026">
      <p>By using Kewl you agree to these terms. If you do not agree, please do not use the service.</p>
      <h2>Accounts</h2>
      <p>
        You must be at least 13 years old to use Kewl, and 18 or older to view content marked as mature. Keep your
        password safe; you are responsible for activity on your account.
      </p>
      <h2>AI characters</h2>
      <p>
        Characters are fictional and their replies are generated automatically. Do not rely on them for medical, legal,
        financial or other professional advice.
      </p>
      <h2>Your content</h2>
      <p>
        You keep the rights to characters you create. You grant the operator a licence to host and show them. Do not
        create characters that impersonate real people, infringe others&apos; rights or break the law.
      </p>
      <h2>Payments</h2>
      <p>
        Subscriptions renew until cancelled. Coins have no cash value and are not refundable except where the law
        requires.
      </p>
    </StaticPage>
  );
}
