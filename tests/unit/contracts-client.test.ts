import { toJSONSchema } from "zod/v4/core";
import { describe, expect, it } from "vitest";
import * as accounts from "@/lib/contracts/accounts";
import * as accountsClient from "@/lib/contracts/accounts-client";
import * as catalogue from "@/lib/contracts/catalogue";
import * as catalogueClient from "@/lib/contracts/catalogue-client";

// The zod/mini twins used by first-load browser code must describe the same shapes as the classic contracts.
describe("zod/mini contract twins", () => {
  it("innerAnswerSchema matches lib/contracts/accounts.ts", () => {
    expect(toJSONSchema(accountsClient.innerAnswerSchema)).toEqual(toJSONSchema(accounts.innerAnswerSchema));
    expect(accounts.RET).toBe(accountsClient.RET);
  });

  it("favoriteStateSchema matches lib/contracts/catalogue.ts", () => {
    expect(toJSONSchema(catalogueClient.favoriteStateSchema)).toEqual(toJSONSchema(catalogue.favoriteStateSchema));
  });

  it("the twins accept and reject the same values", () => {
    const state = { robot_id: 1, favorited: true, favorite_count: 3 };
    for (const value of [state, { ...state, robot_id: 1.5 }, { ...state, favorited: "yes" }, null]) {
      expect(catalogueClient.favoriteStateSchema.safeParse(value).success).toBe(
        catalogue.favoriteStateSchema.safeParse(value).success,
      );
    }
    const answer = { ret: 1, status: 1, msg: "ok", data: { a: 1 } };
    for (const value of [answer, { ...answer, ret: 1.5 }, { ...answer, msg: 2 }, "x"]) {
      expect(accountsClient.innerAnswerSchema.safeParse(value).success).toBe(
        accounts.innerAnswerSchema.safeParse(value).success,
      );
    }
  });
});
