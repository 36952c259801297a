import { shareMetadata } from "@/server/pages/share-metadata";
import { StaticPage } from "@/components/static-page";

export const metadata = shareMetadata({
  path: "/about-us",
  title: "About us",
  description: "Kewl is a self-hostable platform for chatting with AI characters.",
});

export default function AboutPage() {
  return (
    <StaticPage title="About Kewl">
      <p>
        Kewl is a self-hostable platform for chatting with AI characters. Anyone can run their own: it starts on a
        laptop with two commands and grows to a cluster on Postgres.
      </p>
      <p>
        We believe the best stories are the ones you tell together. Every character here was written to be worth talking
        to.
      </p>
    </StaticPage>
  );
}
