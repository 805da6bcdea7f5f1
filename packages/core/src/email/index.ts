import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { Resource } from "sst";
import { SES_TIMEOUTS } from "../faults";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export type Transport = (message: EmailMessage & { from: string }) => Promise<void>;

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
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: m.from,
      Destination: { ToAddresses: [m.to] },
      Content: {
        Simple: {
          Subject: { Data: m.subject },
          Body: { Text: { Data: m.text }, ...(m.html ? { Html: { Data: m.html } } : {}) },
        },
      },
    }),
  );
};

export namespace Email {
  export function useTransport(next: Transport) {
    transport = next;
  }

  export async function send(message: EmailMessage) {
    await transport({ ...message, from: Resource.Email.sender });
  }
}
