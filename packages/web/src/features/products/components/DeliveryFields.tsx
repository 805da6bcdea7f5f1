import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { Switch } from "@/components/ui/Switch";
import { FileUpload, type UploadedFile } from "./FileUpload";

export type ContentSource = "link" | "file";

/**
 * The creation dialog's 'What buyers get': a content link or an uploaded file (one of the
 * two), and whether each purchase gets its own licence key.
 */
export function DeliveryFields(props: {
  source: ContentSource;
  onSource: (source: ContentSource) => void;
  contentUrl: string;
  onContentUrl: (url: string) => void;
  file: UploadedFile | null;
  onFile: (file: UploadedFile | null) => void;
  onUploading: (busy: boolean) => void;
  licenseKeys: boolean;
  onLicenseKeys: (on: boolean) => void;
}) {
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium text-slate-800">What buyers get</legend>
      <SegmentedControl
        label="What buyers get"
        size="sm"
        value={props.source}
        onChange={props.onSource}
        options={[
          { value: "link", label: "Link" },
          { value: "file", label: "Upload a file" },
        ]}
      />
      {props.source === "link" ? (
        <Field label="Content URL" required hint="A file, page or repository link buyers get after paying">
          <Input
            name="content_url"
            type="url"
            required
            value={props.contentUrl}
            onChange={(e) => props.onContentUrl(e.target.value)}
            placeholder="https://…"
          />
        </Field>
      ) : (
        <Field
          label="File"
          required
          hint="PDF, ZIP, audio, video, e-book (EPUB, MOBI) or image. Buyers download it through their access link."
        >
          <FileUpload value={props.file} onChange={props.onFile} onBusyChange={props.onUploading} />
        </Field>
      )}
      <Switch
        checked={props.licenseKeys}
        onChange={props.onLicenseKeys}
        label="Licence keys"
        description="Give each buyer a unique key your software can check."
      />
      {/* A new tab, so the product being written in this dialog is not lost. */}
      <a
        href="/docs/licence-keys"
        target="_blank"
        rel="noopener"
        className="inline-block rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        How to verify keys
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </fieldset>
  );
}
