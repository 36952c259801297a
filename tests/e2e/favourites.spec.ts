import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createUser, signedInUser, type TestSession } from "./chat-support";
import { clickUntil, toast } from "./support";

/** Issue 15 item 1: "My favourites" from the account menu and the profile, 10 a page, each removable in place. */

const bearer = (session: TestSession) => ({ authorization: `Bearer ${session.token}` });

async function call(request: APIRequestContext, session: TestSession, path: string, data: unknown) {
  const res = await request.post(path, { data, headers: bearer(session) });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data;
}

async function favouriteTop(request: APIRequestContext, session: TestSession, count: number) {
  const page = await call(request, session, "/v1/tag/robots", { page_size: count });
  const robots = page.list as { id: number; name: string }[];
  // Added oldest first, so the list (newest first) starts with the last one.
  for (const robot of robots) await call(request, session, "/v1/user/favorites/add", { robot_id: robot.id });
  return robots.reverse();
}

const favouritesList = (page: Page) => page.getByRole("list", { name: "Your favourites" });

test("My favourites from the account menu, removed in place with Undo, and from the profile's tab", async ({
  page,
  request,
}) => {
  const session = await signedInUser(page, request, "favourites");
  const favourites = await favouriteTop(request, session, 11);

  await page.goto("/");
  await clickUntil(
    page.getByRole("button", { name: `Account: ${session.profile.name}` }),
    page.getByRole("menu", { name: "Account" }),
  );
  await page.getByRole("menuitem", { name: "My favourites" }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${session.profile.key}\\?tab=favourites$`));
  await expect(page.getByRole("tab", { name: "Favourites" })).toHaveAttribute("aria-selected", "true");
  await expect(favouritesList(page).getByRole("listitem")).toHaveCount(10);
  await expect(favouritesList(page).getByRole("listitem").first()).toContainText(favourites[0]!.name);
  await expect(page.getByTestId("favourite-count")).toHaveText("11 characters");
  const pager = page.getByRole("navigation", { name: "Your favourites, pages" });
  await expect(pager).toBeVisible();

  // Removing the first: it leaves at once, the eleventh moves up onto page 1, the pager goes.
  const first = favourites[0]!;
  await page.getByRole("button", { name: `Remove ${first.name} from favourites` }).click();
  await expect(favouritesList(page).getByRole("link", { name: first.name, exact: true })).toHaveCount(0);
  await expect(toast(page, "Removed from favourites")).toBeVisible();
  await expect(page.getByTestId("favourite-count")).toHaveText("10 characters");
  await expect(favouritesList(page).getByRole("link", { name: favourites[10]!.name, exact: true })).toBeVisible();
  await expect(pager).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Your favourites" })).toBeFocused();
  const listed = await call(request, session, "/v1/user/favorites/list", {});
  expect(listed.total).toBe(10);

  await page
    .getByRole("region", { name: /Notifications/ })
    .getByRole("button", { name: "Undo" })
    .click();
  await expect(page.getByTestId("favourite-count")).toHaveText("11 characters");
  await expect(favouritesList(page).getByRole("link", { name: first.name, exact: true })).toBeVisible();
  await expect(pager).toBeVisible();

  // From the profile: the Characters tab first, the Favourites tab beside it.
  await page.goto(`/profile/${session.profile.key}`);
  const charactersTab = page.getByRole("tab", { name: "Characters" });
  await expect(charactersTab).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Your characters" })).toBeVisible();
  await clickUntil(page.getByRole("tab", { name: "Favourites" }), favouritesList(page));
  await expect(page).toHaveURL(/\?tab=favourites$/);
  await expect(favouritesList(page).getByRole("listitem")).toHaveCount(10);
  await pager.getByRole("button", { name: "Page 2" }).click();
  await expect(favouritesList(page).getByRole("listitem")).toHaveCount(1);
});

test("a favourite whose character its creator makes private leaves the list", async ({ page, request }) => {
  const creator = await createUser(request, "fav-creator");
  const made = await call(request, creator, "/v1/user/robot/create", {
    name: "Fickle Lighthouse Keeper",
    avatar: "",
    intro: "Keeps the light, for now.",
    greeting: "Mind the rocks.",
    alternate_greetings: [],
    persona: "Quiet and watchful.",
    scenario: "A lighthouse at dusk.",
    example_dialogue: "",
    tags: [],
    nsfw: false,
    visibility: "public",
  });
  const session = await signedInUser(page, request, "fav-private");
  await call(request, session, "/v1/user/favorites/add", { robot_id: made.id });

  await page.goto(`/profile/${session.profile.key}?tab=favourites`);
  await expect(favouritesList(page).getByRole("link", { name: made.name })).toBeVisible();

  const definition = await call(request, creator, "/v1/robot/definition", { id: made.id });
  const input = { ...definition, tags: [], visibility: "private" };
  for (const key of ["key", "copied_from", "creator", "is_owner", "created_at", "updated_at"]) delete input[key];
  await call(request, creator, "/v1/user/robot/update", input);

  await page.reload();
  await expect(page.getByText("No favourites yet", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: made.name })).toHaveCount(0);
  await expect(page.getByTestId("favourite-count")).toHaveText("0 characters");
});
