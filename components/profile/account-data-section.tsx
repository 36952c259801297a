"use client";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useAccountArchive } from "./use-account-archive";

/** Edit Profile's last part: download the account's data, or delete the account (its confirmation opens). */
export function AccountDataSection({ onDeleteAccount }: { onDeleteAccount: () => void }) {
  const archive = useAccountArchive();
  return (
    <section aria-labelledby="account-data-heading" className="mt-6 flex flex-col gap-3 border-t border-border pt-5">
      <div>
        <h3 id="account-data-heading" className="text-sm font-semibold">
          Your data
        </h3>
        <p className="mt-1 text-xs text-muted-foreground">
          A zip of your profile, your characters as cards and your chats.
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="secondary"
          onClick={() => void archive.download()}
          busy={archive.pending}
          aria-busy={archive.pending}
          className="h-11 sm:flex-1"
        >
          {archive.pending ? <Spinner size="sm" label={null} /> : null}
          Download my data
        </Button>
        {/* Red words on the quiet button (over the variant's text colour): it leads to the one step that cannot be undone. */}
        <Button variant="secondary" onClick={onDeleteAccount} className="h-11 text-destructive! sm:flex-1">
          Delete account
        </Button>
      </div>
    </section>
  );
}
