import { Link } from "@/components/ui/link";
import type { RobotDetail } from "@/lib/contracts/catalogue";

/** "Based on {name} by {creator}": a link to the original while it still exists. */
export function CopyCredit({ credit }: { credit: NonNullable<RobotDetail["copied_from"]> }) {
  const name =
    credit.id === null ? (
      <span className="font-medium text-foreground">{credit.name}</span>
    ) : (
      <Link
        href={`/character/${credit.id}`}
        className="rounded-sm font-medium text-foreground underline underline-offset-2 outline-none hover:text-primary focus-visible:ring-2 focus-visible:ring-ring"
      >
        {credit.name}
      </Link>
    );
  return (
    <p className="mt-1 text-sm text-muted-foreground" data-testid="copy-credit">
      Based on {name} by {credit.creator_name}
    </p>
  );
}
