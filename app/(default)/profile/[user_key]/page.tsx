import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PagedCharacters } from "@/components/catalogue/paged-characters";
import { ProfileCharacters } from "@/components/profile/profile-characters";
import { PAGE_SIZE_DEFAULT } from "@/lib/contracts/catalogue";
import { safeImageSrc } from "@/lib/format/safe-image-src";
import { getPublicProfile } from "@/server/modules/accounts/public-profile";
import { listCreatorRobots } from "@/server/modules/catalogue/list-robots";
import { pageContext, pageParam } from "@/server/pages/page-context";
import { routeParam } from "@/server/pages/route-param";
import { profileDescription } from "@/server/pages/share-descriptions";
import { pagedPath, shareMetadata } from "@/server/pages/share-metadata";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ user_key: string }>; searchParams: Promise<{ page?: string }> };

const SAFE_VIEWER = { ageVerified: false, nsfw: false };

const loadProfile = cache(async (key: string) => getPublicProfile((await pageContext()).db, key));

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const profile = await loadProfile(routeParam((await params).user_key));
  // The 404 (a nested not-found cannot set its own title).
  if (!profile) return { title: "Page Not Found" };
  const page = pageParam((await searchParams).page);
  const { db } = await pageContext();
  // The count anyone sees (NSFW ones left out), as on the share card.
  const { total } = await listCreatorRobots(db, profile.id, { page: 1, pageSize: 1 }, SAFE_VIEWER);
  return shareMetadata({
    path: pagedPath(`/profile/${encodeURIComponent(profile.key)}`, page),
    title: `${profile.name} (@${profile.key})`,
    description: profileDescription(profile.name, total),
    type: "profile",
    ownImage: true,
  });
}

export default async function ProfilePage({ params, searchParams }: Props) {
  const profile = await loadProfile(routeParam((await params).user_key));
  if (!profile) notFound();
  const page = pageParam((await searchParams).page);
  const { db, viewer } = await pageContext();
  const robots = await listCreatorRobots(db, profile.id, { page, pageSize: PAGE_SIZE_DEFAULT }, viewer);
  return (
    <main>
      <header className="flex items-center gap-4">
        {safeImageSrc(profile.face) ? (
          // eslint-disable-next-line @next/next/no-img-element -- avatar from our own origin or an https URL
          <img
            src={safeImageSrc(profile.face) ?? ""}
            alt=""
            width={80}
            height={80}
            className="size-20 shrink-0 rounded-full bg-muted"
          />
        ) : (
          <span
            className="flex size-20 shrink-0 items-center justify-center rounded-full bg-primary text-3xl font-bold text-primary-foreground"
            aria-hidden="true"
          >
            {profile.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="min-w-0">
          <h1 className="text-2xl font-bold wrap-anywhere">{profile.name}</h1>
          <p className="text-muted-foreground">@{profile.key}</p>
        </div>
      </header>
      <ProfileCharacters profileKey={profile.key} name={profile.name} publicTotal={robots.total} page={page}>
        <PagedCharacters
          robots={robots.list}
          total={robots.total}
          page={page}
          label={`Characters by ${profile.name}`}
          empty="No public characters yet."
          basePath={`/profile/${profile.key}`}
        />
      </ProfileCharacters>
    </main>
  );
}
