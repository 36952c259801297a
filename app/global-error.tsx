"use client";

import "./globals.css";
import { useEffect } from "react";
import { ErrorView } from "@/components/error-view";
import { reloadIfChunkError } from "@/lib/pwa/chunk-reload";

export default function GlobalError({ error }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => void reloadIfChunkError(error), [error]);
  return (
    <html lang="en">
      <body>
        <ErrorView
          status={500}
          statusMessage="Internal Server Error"
          message={error.message || "Something went wrong"}
          stack={process.env.NODE_ENV === "development" ? error.stack : undefined}
        />
      </body>
    </html>
  );
}
