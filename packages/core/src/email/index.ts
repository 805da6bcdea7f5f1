import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { Resource } from "sst";

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
  ses ??= new SESv2Client({});
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
