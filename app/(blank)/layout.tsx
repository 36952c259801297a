import type { ReactNode } from "react";

/** Bare shell: no site header (payment tabs, static pages, age gate, auth return). */
export default function BlankLayout({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-3xl px-5 py-10">{children}</div>;
}
