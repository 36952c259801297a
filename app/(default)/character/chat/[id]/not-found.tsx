import { CharacterNotFound } from "@/components/character/character-not-found";

export const metadata = { title: "Page Not Found" };

export default function NotFound() {
  return <CharacterNotFound view="chat" />;
}
