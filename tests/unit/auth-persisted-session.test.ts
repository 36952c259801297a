// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { readPersistedSession, readProfile } from "@/lib/auth/persisted-session";
import { useAuthStore } from "@/stores/auth-store";

const PROFILE = { uid: "u1", key: "ada", name: "Ada", face: "/f.png", sex: 1 as const };

describe("persisted session (localStorage `auth`)", () => {
  it("keeps a valid session, with only the known fields", () => {
    expect(readPersistedSession({ token: "tok", profile: { ...PROFILE, email: "a@b.c", extra: 1 } })).toEqual({
      token: "tok",
      profile: { ...PROFILE, email: "a@b.c" },
    });
    expect(readPersistedSession({ token: null, profile: null })).toEqual({ token: null, profile: null });
    expect(readProfile({ ...PROFILE, email: null })).toEqual({ ...PROFILE, email: null });
  });

  it("drops anything that does not have the shape", () => {
    const bad: unknown[] = [
      null,
      "x",
      [],
      { token: "tok" },
      { profile: PROFILE },
      { token: "", profile: PROFILE },
      { token: 5, profile: PROFILE },
      { token: "tok", profile: { ...PROFILE, uid: "" } },
      { token: "tok", profile: { ...PROFILE, sex: 2 } },
      { token: "tok", profile: { ...PROFILE, name: undefined } },
      { token: "tok", profile: { ...PROFILE, email: 3 } },
      { token: "tok", profile: "ada" },
    ];
    for (const value of bad) expect(readPersistedSession(value), JSON.stringify(value)).toBeNull();
  });

  it("the store restores a valid entry and ignores a tampered one", async () => {
    localStorage.setItem("auth", JSON.stringify({ state: { token: "tok", profile: PROFILE }, version: 0 }));
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState()).toMatchObject({ token: "tok", profile: PROFILE });

    useAuthStore.setState({ token: null, profile: null });
    localStorage.setItem(
      "auth",
      JSON.stringify({ state: { token: "tok", profile: { ...PROFILE, sex: "x" } }, version: 0 }),
    );
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState()).toMatchObject({ token: null, profile: null });
    localStorage.clear();
  });
});
