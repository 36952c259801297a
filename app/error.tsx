"use client";

import { useEffect } from "react";
import { ErrorView } from "@/components/error-view";
import { useClientValue } from "@/components/use-client-value";
import { isCrawler } from "@/lib/http/crawler";
import { reloadIfChunkError } from "@/lib/pwa/chunk-reload";

export default function ErrorPage({ error }: { error: Error & { digest?: string }; reset: () => void }) {
  const crawler = useClientValue(() => isCrawler(navigator.userAgent), false);
  useEffect(() => {
    // A chunk of a newer (or older) build that did not load: a reload fetches the current one (at most every 10 s).
    if (!reloadIfChunkError(error)) console.error(error);
  }, [error]);
  return (
    <ErrorView
      status={500}
      statusMessage="Internal Server Error"
      message={error.message || "Something went wrong"}
      stack={process.env.NODE_ENV === "development" ? error.stack : undefined}
      minimal={crawler}
    />
  );
}
