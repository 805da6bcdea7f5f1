// The web app's boundaries, for ESLint (eslint.config.js): which feature may use which.
//
// A feature (src/features/<name>) is one screen or one concern. It imports shared code (src/lib,
// src/components), the app-level providers (src/app) and its own files; of another feature only
// its face (src/features/<other>/index.ts), and only when USES below says so. Shared code imports
// no feature. So a feature's insides can change without reading the rest of the app, and the
// features form no circle: USES is checked here, when lint loads, to have none.
import { readdirSync } from "node:fs";
import path from "node:path";

/** Where one feature shows another's part (the dashboard shows the discounts section…). */
export const USES = {
  affiliates: ["plans", "products"],
  admin: ["announcements", "dashboard", "developers", "maintenance", "payment-setup", "products"],
  customer: ["affiliates", "announcements"],
  dashboard: [
    "affiliates",
    "announcements",
    "discounts",
    "payment-setup",
    "plans",
    "products",
    "settings",
    "storefront",
  ],
  developers: ["plans"],
  discounts: ["products"],
  onboarding: ["plans"],
  "sales-page": ["cart", "checkout"],
  settings: ["developers", "payment-setup", "plans"],
  storefront: ["cart", "plans"],
};

/**
 * The modules of @payloft/core the browser runs: pure tables and functions that import nothing of
 * the server (no AWS client, no ElectroDB, no secret). Of every other core module the web takes
 * only types (`import type`: erased from the bundle).
 */
export const CORE_IN_THE_BROWSER = [
  "currency/units",
  "files/types",
  "integration/stripe-permissions",
  "outgoing-webhook/events",
  "outgoing-webhook/verify-snippet",
  "plan/features",
  "plan/plans",
  "product/media",
];

/** The first circle in a feature → features table, as a list of names (or null). */
export function findCircle(uses) {
  const state = new Map(); // name → "open" while on the path, "done" after
  const visit = (name, trail) => {
    if (state.get(name) === "done") return null;
    if (state.get(name) === "open") return [...trail.slice(trail.indexOf(name)), name];
    state.set(name, "open");
    for (const next of uses[name] ?? []) {
      const circle = visit(next, [...trail, name]);
      if (circle) return circle;
    }
    state.set(name, "done");
    return null;
  };
  for (const name of Object.keys(uses)) {
    const circle = visit(name, []);
    if (circle) return circle;
  }
  return null;
}

/** `import-x/no-restricted-paths` zones for packages/web/src, paths relative to `root` (the repository). */
export function webZones(root, uses = USES) {
  const src = "packages/web/src";
  const features = readdirSync(path.join(root, src, "features"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  for (const [name, used] of Object.entries(uses)) {
    for (const other of [name, ...used])
      if (!features.includes(other)) throw new Error(`web boundaries: USES names "${other}", which is no feature`);
  }
  const circle = findCircle(uses);
  if (circle) throw new Error(`web boundaries: features may not use each other in a circle: ${circle.join(" → ")}`);
  return [
    ...features.map((name) => ({
      target: `${src}/features/${name}`,
      from: `${src}/features`,
      except: [`./${name}`, ...(uses[name] ?? []).map((other) => `./${other}/index.ts`)],
      message: `A feature uses another only through its face (features/<name>/index.ts), as listed in USES (packages/web/boundaries.mjs); shared code belongs in src/lib or src/components.`,
    })),
    {
      target: `${src}/features`,
      from: `${src}/rendered`,
      message: "A feature does not reach up into the server-rendered pages' entries (src/rendered).",
    },
    {
      target: [`${src}/lib`, `${src}/components`],
      from: [`${src}/features`, `${src}/rendered`],
      message: "Shared code (src/lib, src/components) depends on no feature.",
    },
  ];
}
