import { CharacterNotFound } from "@/components/character/character-not-found";

export default function NotFound() {
  return <CharacterNotFound view="chat" />;
}
