import { SESv2Client, SendEmailCommand, type SendEmailCommandInput } from "@aws-sdk/client-sesv2";
import { Resource } from "sst";
import { SES_TIMEOUTS } from "../faults";

export interface EmailMessage {
  to: string;
  subject: string;
  /** The plain-text part: every message has one, and it spells out every link in full. */
  text: string;
  /** The HTML part, if any: links appear once, as buttons or named links, never as raw URLs. */
  html?: string;
  /** Where the recipient's reply goes (a buyer's reply reaches the seller); unset: the sender. */
  replyTo?: string;
}

export type OutgoingEmail = EmailMessage & { from: string };
export type Transport = (message: OutgoingEmail) => Promise<void>;

/** SESv2 SendEmail's input, typed by the SDK itself: Reply-To is `ReplyToAddresses`, both parts in `Body`. */
export function sesRequest(m: OutgoingEmail): SendEmailCommandInput {
  return {
    FromEmailAddress: m.from,
    Destination: { ToAddresses: [m.to] },
    ...(m.replyTo ? { ReplyToAddresses: [m.replyTo] } : {}),
    Content: {
      Simple: {
        Subject: { Data: m.subject, Charset: "UTF-8" },
        Body: {
          Text: { Data: m.text, Charset: "UTF-8" },
          ...(m.html ? { Html: { Data: m.html, Charset: "UTF-8" } } : {}),
        },
      },
    },
  };
}

let ses: SESv2Client | undefined;

/** SES in AWS; the local runtime swaps in its outbox with `useTransport`. */
let transport: Transport = async (m) => {
  ses ??= new SESv2Client({
    maxAttempts: SES_TIMEOUTS.maxAttempts,
    requestHandler: {
      connectionTimeout: SES_TIMEOUTS.connectionTimeout,
      requestTimeout: SES_TIMEOUTS.requestTimeout,
      throwOnRequestTimeout: true,
    },
  });
  await ses.send(new SendEmailCommand(sesRequest(m)));
};

export namespace Email {
  export function useTransport(next: Transport) {
    transport = next;
  }

  export async function send(message: EmailMessage) {
    await transport({ ...message, from: Resource.Email.sender });
  }
}
