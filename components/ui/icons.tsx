import type { SVGProps } from "react";

/** The attributes every line icon shares: a 24-unit grid drawn in currentColor, hidden from assistive technology. */
export function strokeIcon(size: number) {
  return {
    width: size,
    height: size,
    viewBox: "0 0 24 24",
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 2,
    strokeLinecap: "round",
    strokeLinejoin: "round",
    "aria-hidden": true,
  } as const;
}

const base = strokeIcon(14);

export function ChatIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg {...base} {...props}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
    </svg>
  );
}

export function HeartIcon({ filled, ...props }: SVGProps<SVGSVGElement> & { filled?: boolean }) {
  return (
    <svg {...base} fill={filled ? "currentColor" : "none"} {...props}>
      <path d="M12 20s-7-4.4-9.3-9A5 5 0 0 1 12 5.5 5 5 0 0 1 21.3 11C19 15.6 12 20 12 20Z" />
    </svg>
  );
}
