export interface ErrorViewProps {
  status: number;
  statusMessage: string;
  message: string;
  stack?: string;
  /** Crawlers get the bare facts: no link, nothing interactive. */
  minimal?: boolean;
}

/** The error page of SPEC §2: status code, status message, message, stack (development only), a way home. */
export function ErrorView({ status, statusMessage, message, stack, minimal }: ErrorViewProps) {
  if (minimal) {
    return (
      <main>
        <h1>
          {status} {statusMessage}
        </h1>
        <p>{message}</p>
      </main>
    );
  }
  return (
    <main className="mx-auto flex min-h-[70dvh] max-w-2xl flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <p className="text-7xl font-black tracking-tight text-primary" aria-hidden="true">
        {status}
      </p>
      <h1 className="text-2xl font-semibold">
        <span className="sr-only">{status} </span>
        {statusMessage}
      </h1>
      <p className="break-words text-muted-foreground" data-testid="error-message">
        {message}
      </p>
      {stack ? (
        <pre className="max-h-80 w-full overflow-auto rounded-lg border border-border bg-muted p-4 text-left text-xs">
          {stack}
        </pre>
      ) : null}
      {/* A full page load: the way out of a broken state, and it keeps the router's link code out of the error
          boundaries' chunks, which Next loads with every page (one copy each). */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- deliberate full load, see above */}
      <a
        href="/"
        className="mt-2 inline-flex h-10 items-center rounded-full bg-primary px-6 font-medium text-primary-foreground hover:opacity-90"
      >
        Go back home
      </a>
    </main>
  );
}
