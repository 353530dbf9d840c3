import { describe, expect, it } from "vitest";
import { inboxCountLabel, insertMention, mentionedNames, splitMentions, suggestions, typedMention } from "./mentions";

const NAMES = ["Ada Lovelace", "Ada", "Zoë Ångström", "Grace Hopper"];

describe("splitMentions", () => {
  it("finds known reviewers, the longest name first, in any case", () => {
    expect(splitMentions("Please check @ada lovelace and @Grace Hopper.", NAMES)).toEqual([
      { text: "Please check " },
      { text: "@ada lovelace", mention: "Ada Lovelace" },
      { text: " and " },
      { text: "@Grace Hopper", mention: "Grace Hopper" },
      { text: "." },
    ]);
  });
  it("handles names outside ASCII, at the start of the body", () => {
    expect(splitMentions("@Zoë Ångström: look", NAMES)).toEqual([{ text: "@Zoë Ångström", mention: "Zoë Ångström" }, { text: ": look" }]);
  });
  it("leaves e-mail addresses, unknown names and partial words alone", () => {
    expect(splitMentions("mail ada@example.com", NAMES)).toEqual([{ text: "mail ada@example.com" }]);
    expect(splitMentions("@Bob says hi", NAMES)).toEqual([{ text: "@Bob says hi" }]);
    expect(splitMentions("@Adalbert", NAMES)).toEqual([{ text: "@Adalbert" }]);
  });
  it("lists the mentioned names once", () => {
    expect(mentionedNames("@Ada, @ada and @Grace Hopper", NAMES)).toEqual(["Ada", "Grace Hopper"]);
  });
});

describe("typing a mention", () => {
  it("finds the mention before the caret", () => {
    expect(typedMention("Hello @Gr", 9)).toEqual({ start: 6, query: "Gr" });
    expect(typedMention("@", 1)).toEqual({ start: 0, query: "" });
    expect(typedMention("Hello @Grace Ho", 15)).toEqual({ start: 6, query: "Grace Ho" });
  });
  it("is not fooled by e-mail addresses, line breaks or long text", () => {
    expect(typedMention("ada@exa", 7)).toBeNull();
    expect(typedMention("@Ada\nnext", 9)).toBeNull();
    expect(typedMention("@one two three four", 19)).toBeNull();
    expect(typedMention("no mention", 10)).toBeNull();
    expect(typedMention("Hi @Grace Hopper ", 17)).toBeNull();
  });
  it("suggests names starting with the query first", () => {
    expect(suggestions("ada", NAMES)).toEqual(["Ada Lovelace", "Ada"]);
    expect(suggestions("hop", NAMES)).toEqual(["Grace Hopper"]);
    expect(suggestions("", NAMES, 2)).toEqual(["Ada Lovelace", "Ada"]);
  });
  it("inserts the chosen name and puts the caret after it", () => {
    expect(insertMention("Hi @Gr, thanks", 3, 6, "Grace Hopper")).toEqual({ text: "Hi @Grace Hopper , thanks", caret: 17 });
  });
});

describe("the inbox's count", () => {
  it("says what waits: approvals and unread mentions, each only when there are some", () => {
    expect(inboxCountLabel(2, 1)).toBe("2 approvals waiting, 1 unread mention");
    expect(inboxCountLabel(0, 3)).toBe("3 unread mentions");
    expect(inboxCountLabel(1, 0)).toBe("1 approval waiting");
    expect(inboxCountLabel(0, 0)).toBe("");
  });
});
