"use client";

import { LabelledSwitch } from "@/components/ui/labelled-switch";

/** The 18+ flag as a switch. */
export function NsfwSwitch({ checked, onChange }: { checked: boolean; onChange: (next: boolean) => void }) {
  return (
    <LabelledSwitch
      label="18+ (NSFW)"
      hint="Shown only to visitors who confirmed their age and turned on 18+ characters."
      checked={checked}
      onChange={onChange}
    />
  );
}
