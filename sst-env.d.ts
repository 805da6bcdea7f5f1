/* Resource types for `import { Resource } from "sst"`. Mirrors what infra/* links. */
import "sst";
declare module "sst" {
  export interface Resource {
    App: { name: string; stage: string };
    Table: { name: string; type: "sst.aws.Dynamo" };
    Bus: { name: string; arn: string; type: "sst.aws.Bus" };
    /** The bus subscribers' dead-letter queue (infra/bus.ts); only the replay command reads it, under `sst shell`. */
    BusDeadLetters: { url: string; type: "sst.aws.Queue" };
    Email: { sender: string; configSet?: string; type: "sst.aws.Email" };
    /** The sign-in issuer's stable URL (infra/auth.ts links it as a Linkable). */
    Auth: { url: string; type: "sst.sst.Linkable" };
    Files: { name: string; type: "sst.aws.Bucket" };
    WebhookQueue: { url: string; type: "sst.aws.Queue" };
    StripeSecretKey: { value: string; type: "sst.sst.Secret" };
    StripeWebhookSecret: { value: string; type: "sst.sst.Secret" };
    EncryptionKey: { value: string; type: "sst.sst.Secret" };
    AdminEmails: { value: string; type: "sst.sst.Secret" };
    UnlimitedEmails: { value: string; type: "sst.sst.Secret" };
    GoogleClientId: { value: string; type: "sst.sst.Secret" };
    GoogleClientSecret: { value: string; type: "sst.sst.Secret" };
    AuthStorageKey: { value: string; type: "sst.sst.Secret" };
    /** Added by CloudFront to every request it forwards; the API and the issuer refuse requests without it. */
    OriginSecret: { value: string; type: "sst.sst.Secret" };
  }
}
export {};
