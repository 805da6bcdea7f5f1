import { vi } from "vitest";
import { fileURLToPath } from "node:url";

/**
 * The deploy program (sst.config.ts and infra/*) run offline against recording stand-ins for
 * SST's components, AWS's resources and Pulumi's outputs, the way Pulumi's own unit tests mock
 * resources: every component the program creates is recorded with the arguments it was given,
 * every method called on one (api.route, bus.subscribe, router.route) with its arguments, and
 * every $transform with the function the program wrote, so a test applies transforms to
 * arguments and reads what they set. Outputs are symbolic: a component's `url` is one object
 * (the same each time it is read, so tests compare identities: "linked to the table") that
 * prints as "<Router.url>". Nothing is built and nothing reaches AWS: this proves what the
 * program declares; that SST and Pulumi turn it into resources is theirs to prove, and
 * `node scripts/typecheck.mjs` checks every argument against SST's types.
 *
 * Each run loads the program afresh (vi.resetModules) and leaves SST's globals installed for
 * the transforms a test applies afterwards: a test file that runs the program starts no stack
 * (useStack), whose modules the reset would split in two.
 */
export interface Declared {
  /** The constructor's path: "sst.aws.Router", "aws.cloudwatch.MetricAlarm". */
  type: string;
  name: string;
  args: Record<string, any>;
  /** The component as the program holds it: compare identities, read its symbolic outputs. */
  ref: any;
  /** Methods called on it, in order: `{ method: "route", args: ["/", <AuthIssuer.url>] }`. */
  calls: { method: string; args: any[] }[];
}

export interface Program {
  declared: Declared[];
  /** $transform(sst.aws.Function, fn) calls: the type and the program's own function. */
  transforms: { type: string; fn: (args: any, opts?: any, name?: string) => void }[];
  /** Functions called on a namespace: `sst.Linkable.wrap`, `sst.aws.permission`. */
  namespaceCalls: { path: string; args: any[] }[];
  /** What sst.config.ts's run() returned. */
  outputs: Record<string, any>;
  /** The one component of `type` named `name` (fails when there is none). */
  one(type: string, name: string): Declared;
  all(type: string): Declared[];
  /** The path of a namespace value the program passed around: typeOf(sst.aws.Dynamo) is "sst.aws.Dynamo". */
  typeOf(value: unknown): string | undefined;
}

const PRIMITIVE = Symbol("label");

/** The text a symbolic output stands for ("<Router.url>"), or the value itself. */
export const label = (value: unknown): unknown =>
  value && (typeof value === "object" || typeof value === "function") && PRIMITIVE in value
    ? (value as Record<symbol, string>)[PRIMITIVE]
    : value;

/** A plain value the program wrapped with $output(...).apply(...), unwrapped. */
export const resolved = (value: unknown): any => (value instanceof Plain ? resolved(value.value) : value);

/** $output(plain value): applies functions to the value itself. */
class Plain {
  constructor(readonly value: unknown) {}
  apply(fn: (v: unknown) => unknown) {
    return output(fn(this.value));
  }
}

function output(value: unknown) {
  return value instanceof Plain || label(value) !== value ? value : new Plain(value);
}

export async function runInfra(
  opts: { stage?: string; env?: Record<string, string | undefined> } = {},
): Promise<Program> {
  const stage = opts.stage ?? "test";
  const declared: Declared[] = [];
  const transforms: Program["transforms"] = [];
  const namespaceCalls: Program["namespaceCalls"] = [];
  const paths = new WeakMap<object, string>();

  /**
   * An output or a component: any property is another symbolic (the same one each time), a call
   * answers a symbolic of its result. A component's members record the calls made on them.
   */
  function symbolic(
    path: string,
    opts: { text?: string; onCall?: (args: any[]) => void; members?: (name: string) => (args: any[]) => void } = {},
  ): any {
    const text = opts.text ?? `<${path}>`;
    const children = new Map<PropertyKey, unknown>();
    const proxy: any = new Proxy(function () {}, {
      get(_t, prop) {
        if (prop === PRIMITIVE) return text;
        if (prop === "then") return undefined; // not a promise: `await component` is the component
        if (prop === Symbol.toPrimitive || prop === "toString" || prop === "toJSON") return () => text;
        // Output.apply: the resolved value of a symbolic output is the symbolic itself.
        if (prop === "apply") return (fn: (v: unknown) => unknown) => output(fn(proxy));
        if (!children.has(prop)) {
          const name = String(prop);
          children.set(prop, symbolic(`${path}.${name}`, { onCall: opts.members?.(name) }));
        }
        return children.get(prop);
      },
      apply(_t, _this, args: any[]) {
        opts.onCall?.(args);
        return symbolic(`${path}(${typeof args[0] === "string" ? args[0] : ""})`);
      },
      has: (_t, prop) => prop === PRIMITIVE,
    });
    return proxy;
  }

  /** `sst`, `aws` and below: `new` declares a component, a call is recorded. */
  function namespace(path: string): any {
    const children = new Map<PropertyKey, unknown>();
    const proxy: any = new Proxy(function () {}, {
      get(_t, prop) {
        if (prop === "then") return undefined;
        if (!children.has(prop)) children.set(prop, namespace(`${path}.${String(prop)}`));
        return children.get(prop);
      },
      construct(_t, [name, args]: [string, Record<string, any>?]) {
        const entry: Declared = { type: path, name, args: args ?? {}, ref: undefined, calls: [] };
        entry.ref = symbolic(name, { members: (method) => (a) => entry.calls.push({ method, args: a }) });
        declared.push(entry);
        return entry.ref;
      },
      apply(_t, _this, args: any[]) {
        namespaceCalls.push({ path, args });
        return symbolic(`${path}()`);
      },
    });
    paths.set(proxy, path);
    return proxy;
  }

  const saved = new Map<string, string | undefined>();
  for (const [k, v] of Object.entries(opts.env ?? {})) {
    saved.set(k, process.env[k]);
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  const globals: Record<string, unknown> = {
    sst: namespace("sst"),
    aws: namespace("aws"),
    $app: { name: "payloft", stage },
    $dev: false,
    $config: (config: unknown) => config,
    $output: output,
    $interpolate: (strings: TemplateStringsArray, ...values: unknown[]) => {
      const text = String.raw({ raw: strings }, ...values.map((v) => String(label(v))));
      return symbolic("interpolate", { text });
    },
    $transform: (type: object, fn: Program["transforms"][number]["fn"]) =>
      transforms.push({ type: paths.get(type) ?? "?", fn }),
  };
  // Left installed after the run: the transforms and callbacks a test applies later read them.
  Object.assign(globalThis, globals);
  try {
    // A fresh copy of every infra module: each run declares its own components.
    vi.resetModules();
    const configPath = fileURLToPath(new URL("../../../../sst.config.ts", import.meta.url));
    const config = (await import(/* @vite-ignore */ configPath)).default as {
      app: (input: { stage: string }) => Promise<unknown>;
      run: () => Promise<Record<string, any>>;
    };
    await config.app({ stage });
    const outputs = await config.run();
    const all = (type: string) => declared.filter((d) => d.type === type);
    return {
      declared,
      transforms,
      namespaceCalls,
      outputs,
      all,
      typeOf: (value) => (value && typeof value === "function" ? paths.get(value) : undefined),
      one(type, name) {
        const hit = all(type).find((d) => d.name === name);
        if (!hit) throw new Error(`the program declares no ${type} "${name}"`);
        return hit;
      },
    };
  } finally {
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** The settings of a stage with none of the deploying shell's own (a sender is required). */
export const STAGE_ENV = {
  PAYLOFT_EMAIL_SENDER: "receipts@example.com",
  PAYLOFT_DOMAIN: undefined,
  PAYLOFT_ALARM_EMAIL: undefined,
  PAYLOFT_REGION: undefined,
};

/** Applies the program's transform `name` of a component to `args` (as SST would); answers them. */
export function transformed(component: Declared, name: string, args: Record<string, any> = {}) {
  component.args.transform[name](args, {}, component.name);
  return args;
}

/** The `Resource` names a Lambda's `link` list stands for (secrets by their own name), sorted. */
export function linkNames(program: Program) {
  const names = new Map<unknown, string>();
  const by = (type: string, name: string) => names.set(program.one(type, name).ref, name);
  by("sst.aws.Dynamo", "Table");
  by("sst.Linkable", "Auth");
  by("sst.aws.Bus", "Bus");
  by("sst.aws.Email", "Email");
  by("sst.aws.Queue", "WebhookQueue");
  by("sst.aws.Bucket", "Files");
  for (const s of program.all("sst.Secret")) names.set(s.ref, s.name);
  return (linked: unknown[]) => linked.map((c) => names.get(c) ?? `unknown ${String(label(c))}`).sort();
}
