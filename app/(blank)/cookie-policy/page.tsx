import { shareMetadata } from "@/server/pages/share-metadata";
import { StaticPage } from "@/components/static-page";

export const metadata = shareMetadata({
  path: "/cookie-policy",
  title: "Cookie Policy",
  description: "The cookies and browser storage Kewl uses, and why.",
});

export default function CookiePolicyPage() {
  return (
    <StaticPage title="Cookie Policy" updated="21 November 2026">
      <p>Kewl uses a small amount of browser storage to work.</p>
      <h2>Strictly necessary</h2>
      <p>
        Your sign-in session and device id (local storage), your theme choice, and the age confirmation (a cookie) so
        mature content settings are remembered.
      </p>
      <h2>Analytics</h2>
      <p>
        If the operator has enabled analytics, an anonymous visitor id (kept for up to 360 days) measures page views and
        errors so the site can be improved.
      </p>
    </StaticPage>
  );
}
