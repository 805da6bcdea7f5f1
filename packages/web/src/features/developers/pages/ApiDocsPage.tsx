import { Link } from "react-router-dom";
import { Skeleton } from "@/components/ui/Skeleton";
import { useOpenApi } from "@/features/developers/api/openApi";
import { DocsPageShell } from "@/features/developers/components/DocsPageShell";
import { MethodBadge, OperationCard } from "@/features/developers/components/OperationCard";
import { Prose } from "@/features/developers/components/Prose";
import { SchemaFields } from "@/features/developers/components/SchemaFields";
import { operationsByTag, type OpenApiDocument } from "@/features/developers/lib/openapi";

/** /docs/api: the public REST API's reference, rendered from GET /api/v1/openapi.json. */
export default function ApiDocsPage() {
  const q = useOpenApi();
  return (
    <DocsPageShell width="max-w-6xl">
      {q.isPending ? (
        <Skeleton className="h-96 w-full rounded-2xl" />
      ) : q.isError || !q.data ? (
        <p className="text-slate-600">The API reference could not be loaded. Please refresh the page.</p>
      ) : (
        <Reference doc={q.data} />
      )}
    </DocsPageShell>
  );
}

function Reference({ doc }: { doc: OpenApiDocument }) {
  const groups = operationsByTag(doc);
  const base = doc.servers?.[0]?.url ?? "";
  return (
    <div className="lg:grid lg:grid-cols-[14rem_1fr] lg:gap-10">
      <nav aria-label="Endpoints" className="hidden lg:block">
        <div className="sticky top-6 space-y-5 text-sm">
          {groups.map(([tag, ops]) => (
            <div key={tag}>
              <p className="font-semibold text-slate-900">{tag}</p>
              <ul className="mt-1.5 space-y-1">
                {ops.map((op) => (
                  <li key={op.operationId}>
                    <a
                      href={`#${op.operationId}`}
                      className="flex items-center gap-2 rounded px-1 py-0.5 text-slate-600 hover:bg-white"
                    >
                      <MethodBadge method={op.method} />
                      <span className="truncate">{op.summary}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <a href="#schemas" className="block font-semibold text-slate-900">
            Schemas
          </a>
        </div>
      </nav>
      <div className="min-w-0 space-y-10">
        <section aria-labelledby="api-title">
          <p className="text-sm font-semibold text-brand-700">v{doc.info.version} · OpenAPI 3.1</p>
          <h1 id="api-title" className="mt-1 text-3xl font-bold tracking-tight text-slate-900">
            {doc.info.title}
          </h1>
          {doc.info.description && (
            <p className="mt-3 max-w-3xl text-slate-600">
              <Prose text={doc.info.description} />
            </p>
          )}
          <pre className="mt-5 overflow-x-auto rounded-xl bg-slate-900 p-4 text-sm text-slate-100">
            <code>{`curl ${base}/api/v1/products \\\n  -H "Authorization: Bearer $PAYLOFT_API_KEY"`}</code>
          </pre>
          <p className="mt-3 text-sm text-slate-600">
            Create keys in{" "}
            <Link className="font-medium text-brand-700 underline" to="/dashboard">
              Settings → API
            </Link>
            . The machine-readable document is at{" "}
            <a className="font-mono text-brand-700 underline" href="/api/v1/openapi.json">
              /api/v1/openapi.json
            </a>
            .
          </p>
        </section>
        {groups.map(([tag, ops]) => (
          <section key={tag} aria-labelledby={`tag-${tag}`} className="space-y-4">
            <h2 id={`tag-${tag}`} className="text-xl font-bold text-slate-900">
              {tag}
            </h2>
            {ops.map((op) => (
              <OperationCard key={op.operationId} doc={doc} op={op} />
            ))}
          </section>
        ))}
        <section id="schemas" aria-labelledby="schemas-title" className="space-y-4">
          <h2 id="schemas-title" className="text-xl font-bold text-slate-900">
            Schemas
          </h2>
          {Object.entries(doc.components.schemas).map(([name, schema]) => (
            <div
              key={name}
              id={`schema-${name}`}
              className="scroll-mt-6 rounded-2xl border border-slate-200 bg-white p-5"
            >
              <h3 className="font-mono text-base font-semibold text-slate-900">{name}</h3>
              {schema.description && (
                <p className="mt-1 text-sm text-slate-600">
                  <Prose text={schema.description} />
                </p>
              )}
              <div className="mt-3">
                <SchemaFields doc={doc} schema={schema} />
              </div>
            </div>
          ))}
        </section>
      </div>
    </div>
  );
}
