import { useState, type FormEvent } from "react";
import { EVENT_LABEL, OFFERED_EVENTS } from "@payloft/core/outgoing-webhook/events";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { ApiError } from "@/lib/api";
import { useCreateWebhookEndpoint } from "@/features/developers/api/createWebhookEndpoint";

/** Adds an endpoint: its https address and the events it wants. Hands the secret up once. */
export function EndpointForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<string[]>(["sale.completed"]);
  const [error, setError] = useState<string | null>(null);
  const toggle = (event: string) =>
    setEvents((list) => (list.includes(event) ? list.filter((e) => e !== event) : [...list, event]));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      const res = await create.mutateAsync({ url, events });
      onCreated(res.secret);
      setUrl("");
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "The endpoint could not be added. Please try again.");
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4">
      <Field
        label="Endpoint URL"
        hint="Where Payloft sends events, e.g. https://example.com/webhooks/payloft."
        error={error}
      >
        <Input
          type="url"
          inputMode="url"
          value={url}
          maxLength={2000}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com/webhooks/payloft"
        />
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Events</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {OFFERED_EVENTS.map((event) => (
            <label key={event} className="flex items-start gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4 accent-brand-600"
                checked={events.includes(event)}
                onChange={() => toggle(event)}
              />
              <span>
                <code className="font-mono text-xs text-slate-900">{event}</code>
                <span className="block text-slate-500">{EVENT_LABEL[event]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" loading={create.isPending} disabled={!url.trim() || !events.length}>
        Add endpoint
      </Button>
    </form>
  );
}
