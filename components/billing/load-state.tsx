import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/** A product list on its way: the spinner and its text ('Loading subscription plans...'). */
export function Loading({ text }: { text: string }) {
  return (
    <div
      role="status"
      className="flex min-h-48 flex-col items-center justify-center gap-3 text-sm text-muted-foreground"
    >
      <Spinner size="lg" label={null} />
      <p>{text}</p>
    </div>
  );
}

/** In place of a product list that could not be loaded (the destructive toast has said why). */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="flex min-h-48 flex-col items-center justify-center gap-3 text-center text-sm">
      <p className="text-muted-foreground">The {what} could not be loaded.</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
