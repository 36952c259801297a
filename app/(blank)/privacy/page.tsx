import { shareMetadata } from "@/server/pages/share-metadata";
import { StaticPage } from "@/components/static-page";

export const metadata = shareMetadata({
  path: "/privacy",
  title: "Privacy Policy",
  description: "What Kewl stores about you, why, and who sees it.",
});

export default function PrivacyPage() {
  return (
    <StaticPage title="Privacy Policy" updated="21 November 2026">
      <p>This policy explains what Kewl stores about you and why.</p>
      <h2>What we store</h2>
      <p>
        Your e-mail address, nickname, ID and gender; your chats with characters; your favourites; your orders and coin
        balance. Passwords are stored only as salted hashes.
      </p>
      <h2>Why</h2>
      <p>To run your account, keep your chat history, bill you correctly and keep the service safe from abuse.</p>
      <h2>Who sees it</h2>
      <p>
        The operator of this site. Chat messages are sent to the language model provider the operator has configured, to
        generate replies. Payments are handled by the payment provider.
      </p>
      <h2>Your choices</h2>
      <p>You can edit your profile at any time and ask the operator to delete your account and data.</p>
    </StaticPage>
  );
}
