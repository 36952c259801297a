/** SPEC §9: modals become bottom drawers below 640px. Matches Tailwind's `sm` breakpoint. */
export const DESKTOP_QUERY = "(min-width: 640px)";
