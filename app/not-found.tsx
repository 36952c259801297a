import { headers } from "next/headers";
import { ErrorView } from "@/components/error-view";
import { isCrawler } from "@/lib/http/crawler";

export const metadata = { title: "Page Not Found" };

export default async function NotFound() {
  const h = await headers();
  const path = h.get("x-pathname") ?? "";
  return (
    <ErrorView
      status={404}
      statusMessage="Not Found"
      message={`Page Not Found: ${path}`}
      minimal={isCrawler(h.get("user-agent"))}
    />
  );
}
