import { Prose } from "./Prose";
import {
  constraints,
  resolve,
  typeLabel,
  type JsonSchema,
  type OpenApiDocument,
} from "@/features/developers/lib/openapi";

/** The fields of an object schema as a definition list: name, type, required, bounds, meaning. */
export function SchemaFields({ doc, schema }: { doc: OpenApiDocument; schema: JsonSchema }) {
  const object = resolve(doc, schema);
  const fields = Object.entries(object.properties ?? {});
  if (!fields.length) return <p className="text-sm text-slate-500">{typeLabel(schema)}</p>;
  return (
    <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {fields.map(([name, field]) => (
        <div key={name} className="grid gap-1 px-3 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
          <dt className="flex flex-wrap items-baseline gap-x-2">
            <code className="font-mono text-sm font-semibold text-slate-900">{name}</code>
            {object.required?.includes(name) && <span className="text-xs font-medium text-red-700">required</span>}
          </dt>
          <dd className="min-w-0 text-sm text-slate-600">
            <span className="font-mono text-xs text-brand-700">{typeLabel(field)}</span>
            {constraints(field).map((c) => (
              <span key={c} className="ml-2 text-xs text-slate-500">
                {c}
              </span>
            ))}
            {field.description && (
              <p className="mt-0.5">
                <Prose text={field.description} />
              </p>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
