import { beforeAll, describe, expect, it } from "vitest";
import { graveViolations } from "../src/axe";
import { useBrowser } from "../src/browser";
import { DESKTOP, MAIN_SCREENS, PHONE, demoProductId, openScreen, signInContext } from "../src/screens";

/**
 * axe-core on every main screen at desktop and phone widths: no serious or critical violation
 * (contrast, names, landmarks, focusable scroll regions…). Each screen is opened by the person
 * who uses it (a visitor, the demo creator, the buyer, the admin), once its data is on screen.
 */
const b = useBrowser();
let productId = "";
beforeAll(async () => {
  productId = await demoProductId(b.baseUrl());
});

describe("accessibility (axe-core)", () => {
  for (const screen of MAIN_SCREENS) {
    for (const [width, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      it(`${screen.name} at ${width} width has no serious or critical violation`, async () => {
        const { page, context } = await b.newPage({ viewport });
        try {
          if (screen.viewer !== "visitor") await signInContext(context, b.baseUrl(), screen.viewer);
          await openScreen(page, screen, productId);
          const grave = await graveViolations(page);
          expect(grave, grave.join("\n")).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});
