import { headers } from "next/headers";
import { ErrorView } from "@/components/error-view";
import { isCrawler } from "@/lib/http/crawler";
import { QueryIsland } from "@/components/query/query-island";
import { PrivateCharacterFallback, type FallbackView } from "./private-character-fallback";

const PATHS: Record<FallbackView, RegExp> = {
  page: /^\/character\/(\d{1,15})$/,
  chat: /^\/character\/chat\/(\d{1,15})$/,
};

/**
 * The 404 of /character/{id} and /character/chat/{id}: SPEC's "Page Not Found: {path}" for everyone (status 404),
 * with a client island that shows a signed-in creator their own private character instead.
 */
export async function CharacterNotFound({ view }: { view: FallbackView }) {
  const h = await headers();
  const path = h.get("x-pathname") ?? "";
  const crawler = isCrawler(h.get("user-agent"));
  const page = (
    <ErrorView status={404} statusMessage="Not Found" message={`Page Not Found: ${path}`} minimal={crawler} />
  );
  const id = PATHS[view].exec(path)?.[1];
  if (crawler || id === undefined) return page;
  return (
    <QueryIsland>
      <PrivateCharacterFallback id={Number(id)} view={view}>
        {page}
      </PrivateCharacterFallback>
    </QueryIsland>
  );
}
