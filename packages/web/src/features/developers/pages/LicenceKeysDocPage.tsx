import { DocsPageShell } from "@/features/developers/components/DocsPageShell";
import { Markdown } from "@/features/developers/components/Markdown";
// The creators' guide itself (docs/licence-keys.md), bundled into this page's chunk only.
import guide from "@docs/licence-keys.md?raw";

/** /docs/licence-keys: how a creator's software checks a licence key, with this site's address filled in. */
export default function LicenceKeysDocPage() {
  const source = guide.replaceAll("https://<your Payloft site>", window.location.origin);
  return (
    <DocsPageShell width="max-w-3xl">
      <Markdown source={source} />
    </DocsPageShell>
  );
}
