import { BrandMark } from "@/components/brand-mark";
import { Link } from "@/components/ui/link";
import { shareMetadata } from "@/server/pages/share-metadata";

export const metadata = shareMetadata({
  path: "/event/halloween-2025",
  title: "Halloween 2025",
  description: "Spooky characters, seasonal stories: meet the ghosts, witches and things that go bump in the night.",
});

export default function HalloweenEventPage() {
  return (
    <main className="relative flex min-h-dvh flex-col items-center justify-center gap-6 bg-gradient-to-b from-[#1a0b2e] via-[#3b0f3f] to-[#ff7518] px-6 text-center text-white">
      <Link
        href="/"
        className="absolute top-5 left-5 flex items-center gap-2 rounded-lg text-xl font-extrabold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-white"
      >
        <BrandMark />
        Kewl
        <span className="sr-only"> home</span>
      </Link>
      {/* Drawn, not an emoji: many systems have no colour emoji font. */}
      <svg width="88" height="88" viewBox="0 0 64 64" aria-hidden="true">
        <path d="M30 8c2-4 7-5 9-3-3 1-5 3-6 7" fill="none" stroke="#4d7c0f" strokeWidth="4" strokeLinecap="round" />
        <ellipse cx="32" cy="38" rx="26" ry="20" fill="#f97316" />
        <path d="M20 20c-6 8-6 28 0 36M44 20c6 8 6 28 0 36M32 18v40" fill="none" stroke="#c2410c" strokeWidth="2" />
        <path d="M20 32l6 5h-8zM44 32l-6 5h8zM22 46q10 8 20 0l-4 2-2-2-4 3-4-3-2 2z" fill="#1a0b2e" />
      </svg>
      <h1 className="text-4xl font-black tracking-tight sm:text-6xl">Halloween 2025</h1>
      <p className="max-w-md text-lg text-white/85">
        The night is long and the characters are restless. Meet the ghosts, witches and things that go bump in the
        night.
      </p>
      <Link
        href="/tag/horror"
        className="rounded-full bg-white px-6 py-3 font-semibold text-[#3b0f3f] hover:bg-white/90"
      >
        Meet the horror characters
      </Link>
    </main>
  );
}
