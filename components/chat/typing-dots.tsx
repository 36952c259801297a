/** Three pulsing dots while the character has not written anything yet (still dots with reduced motion). */
export function TypingDots({ label }: { label: string }) {
  return (
    <span className="inline-flex h-5 items-center gap-1" role="img" aria-label={label}>
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          className="size-1.5 rounded-full bg-current opacity-60 motion-safe:animate-bounce"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </span>
  );
}
