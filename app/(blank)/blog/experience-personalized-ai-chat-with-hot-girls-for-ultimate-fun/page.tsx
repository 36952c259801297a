import { StaticPage } from "@/components/static-page";
import { Link } from "@/components/ui/link";
import { shareMetadata } from "@/server/pages/share-metadata";

export const metadata = shareMetadata({
  path: "/blog/experience-personalized-ai-chat-with-hot-girls-for-ultimate-fun",
  title: "Experience personalized AI chat",
  description: "How Kewl characters remember your story and answer in their own voice.",
  type: "article",
});

export default function BlogArticlePage() {
  return (
    <StaticPage title="Experience personalized AI chat" updated="21 November 2026">
      <p>
        Every character on Kewl has a persona, a scenario and a voice of their own. When you chat, the model is given
        that character, your recent conversation and nothing else, so the replies stay in character and pick up where
        you left off.
      </p>
      <h2>Find your character</h2>
      <p>
        Browse by tag, from fantasy and romance to mentors and mystery, or search by name. Favourite the ones you want
        to come back to.
      </p>
      <h2>Make it yours</h2>
      <p>
        Create your own character in minutes: give them a name, a story and a first line, and share them with everyone.
      </p>
      <p>
        <Link className="font-semibold text-primary underline" href="/">
          Start chatting
        </Link>
      </p>
    </StaticPage>
  );
}
