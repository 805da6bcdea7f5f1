import { describe, expect, it } from "vitest";
import * as z from "zod";
import * as zm from "zod/mini";
import { ValidationError } from "../src/errors";
import { parseInput } from "../src/validation";

// The one input check takes zod classic schemas and zod/mini ones alike (mini bundles to a
// third of classic's size; docs/decisions.md "Performance"): the same rule gives the same data
// and the same 400 whichever flavour wrote it.
const classic = z.object({
  productId: z.string("Please choose a product to buy.").trim().min(1, "Please choose a product to buy."),
  amount: z.int("must be whole cents.").optional(),
});
const mini = zm.object({
  productId: zm
    .string("Please choose a product to buy.")
    .check(zm.trim(), zm.minLength(1, "Please choose a product to buy.")),
  amount: zm.optional(zm.int("must be whole cents.")),
});

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationError);
    return { message: (e as ValidationError).message, status: (e as ValidationError).status };
  }
  throw new Error("expected a 400");
};

describe("parseInput", () => {
  it("gives the parsed data from either flavour", () => {
    const input = { productId: "  p1 ", amount: 500 };
    expect(parseInput(mini, input)).toEqual({ productId: "p1", amount: 500 });
    expect(parseInput(mini, input)).toEqual(parseInput(classic, input));
    const typed: { productId: string; amount?: number | undefined } = parseInput(mini, input);
    expect(typed.productId).toBe("p1");
  });

  it("refuses with the same 400 and message, a missing body included", () => {
    for (const input of [undefined, { productId: "   " }, { productId: "p1", amount: 1.5 }]) {
      const fromMini = refusal(() => parseInput(mini, input));
      expect(fromMini.status).toBe(400);
      expect(fromMini).toEqual(refusal(() => parseInput(classic, input)));
    }
    expect(refusal(() => parseInput(mini, { productId: "" })).message).toBe("Please choose a product to buy.");
  });

  it("puts the field before a message that does not name it, for both", () => {
    const input = { productId: "p1", amount: "ten" };
    const fromMini = refusal(() => parseInput(mini, input, { prefixField: true }));
    expect(fromMini.message).toMatch(/^amount: /);
    expect(fromMini).toEqual(refusal(() => parseInput(classic, input, { prefixField: true })));
  });
});
