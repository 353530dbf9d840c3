import { describe, expect, it } from "vitest";
import { ApiError } from "../api/client";
import { hint } from "./States";

describe("hint", () => {
  it("says what to do about a refusal, from what the server said", () => {
    expect(hint(new ApiError(401, "the console session is not valid"))).toBe("Your console session ended: sign in again.");
    expect(hint(new ApiError(403, "POST /_docket/clock/set is the sandbox's: production refuses it (use a sandbox key or switch the console to the sandbox)"))).toBe("Switch the environment at the top to the sandbox.");
    expect(hint(new ApiError(403, "only an admin may call GET /_docket/sessions"))).toBe("Your role does not allow this: an admin can change it under Reviewers.");
    expect(hint(new Error("not an API error"))).toBeNull();
  });
});
