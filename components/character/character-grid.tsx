import type { RobotCard } from "@/lib/contracts/catalogue";
import { CharacterCard } from "./character-card";

export function CharacterGrid({ robots, label }: { robots: RobotCard[]; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {robots.map((r, i) => (
        <li key={r.id}>
          <CharacterCard robot={r} priority={i < 4} />
        </li>
      ))}
    </ul>
  );
}
