"use client";

import "./globals.css";
import { ErrorView } from "@/components/error-view";

export default function GlobalError({ error }: { error: Error & { digest?: string }; reset: () => void }) {
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
