import { cn } from "@/components/ui/cn";
import { refName, type OpenApiDocument, type OperationEntry } from "@/features/developers/lib/openapi";
import { Prose } from "./Prose";
import { SchemaFields } from "./SchemaFields";

const METHOD_TONE: Record<string, string> = {
  GET: "bg-sky-50 text-sky-800 ring-sky-200",
  POST: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  PATCH: "bg-amber-50 text-amber-900 ring-amber-200",
  DELETE: "bg-red-50 text-red-800 ring-red-200",
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={cn(
        "inline-block w-16 shrink-0 rounded-md py-0.5 text-center font-mono text-xs font-bold ring-1 ring-inset",
        METHOD_TONE[method] ?? "bg-slate-100 text-slate-800 ring-slate-200",
      )}
    >
      {method}
    </span>
  );
}

/** One endpoint: what it does, its parameters, its body, and what it answers. */
export function OperationCard({ doc, op }: { doc: OpenApiDocument; op: OperationEntry }) {
  const body = op.requestBody?.content["application/json"].schema;
  return (
    <article
      id={op.operationId}
      aria-labelledby={`${op.operationId}-title`}
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h3 id={`${op.operationId}-title`} className="text-lg font-semibold text-slate-900">
        {op.summary}
      </h3>
      <p className="mt-2 flex min-w-0 items-center gap-2">
        <MethodBadge method={op.method} />
        <code className="min-w-0 break-all font-mono text-sm text-slate-800">{op.path}</code>
      </p>
      {op.description && (
        <p className="mt-3 text-sm text-slate-600">
          <Prose text={op.description} />
        </p>
      )}
      {op.security?.length === 0 && <p className="mt-2 text-sm text-slate-600">No API key needed.</p>}
      {!!op.parameters?.length && (
        <section className="mt-4">
          <h4 className="text-sm font-semibold text-slate-900">Parameters</h4>
          <SchemaFields
            doc={doc}
            schema={{
              properties: Object.fromEntries(
                op.parameters.map((p) => [p.name, { ...p.schema, description: `In the ${p.in}.` }]),
              ),
              required: op.parameters.filter((p) => p.required).map((p) => p.name),
            }}
          />
        </section>
      )}
      {body && (
        <section className="mt-4">
          <h4 className="text-sm font-semibold text-slate-900">Body ({body.$ref ? refName(body.$ref) : "JSON"})</h4>
          <SchemaFields doc={doc} schema={body} />
        </section>
      )}
      <section className="mt-4">
        <h4 className="text-sm font-semibold text-slate-900">Responses</h4>
        <ul className="mt-1 space-y-1 text-sm">
          {Object.entries(op.responses).map(([status, r]) => {
            const schema = r.content?.["application/json"].schema;
            return (
              <li key={status} className="flex gap-3">
                <code
                  className={cn(
                    "font-mono font-semibold",
                    status.startsWith("2") ? "text-emerald-700" : "text-slate-700",
                  )}
                >
                  {status}
                </code>
                <span className="text-slate-600">
                  <Prose text={r.description} />
                  {schema?.$ref && (
                    <a
                      className="ml-1 font-mono text-xs text-brand-700 underline"
                      href={`#schema-${refName(schema.$ref)}`}
                    >
                      {refName(schema.$ref)}
                    </a>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      </section>
    </article>
  );
}
