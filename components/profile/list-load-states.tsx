import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/** A profile list while its first page loads. */
export function ListLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center p-8">
      <Spinner size="lg" label={label} />
    </div>
  );
}

/** A profile list whose first page could not be loaded, with a retry. */
export function ListLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="rounded-2xl border border-dashed border-border p-8 text-center" role="alert">
      <p className="text-muted-foreground">{message}</p>
      <Button variant="secondary" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
