/**
 * Outgoing mail through SES. The v1 SendEmail API (@aws-sdk/client-ses) rather than SESv2: the same
 * service and permission (ses:SendEmail), but its client bundles ~40 KB smaller, which keeps the
 * forgot-password function under its 300 KB budget. aws-ses-v2-local serves both APIs.
 */
import { SESClient, SESServiceException, SendEmailCommand } from '@aws-sdk/client-ses';
import * as z from 'zod/mini';
import { nonEmpty, readConfig } from '../lib/config';
import { withHarnessFaults } from '../lib/harness-faults';

const config = readConfig({
  MAIL_FROM: nonEmpty(),
  PROVIDER_NAME: z._default(nonEmpty(), 'Assay Analytics'),
});

let client: SESClient | undefined;
const sesClient = () => (client ??= withHarnessFaults(new SESClient({}), 'ses', SESServiceException));

export async function sendMail(to: string, subject: string, text: string): Promise<void> {
  await sesClient().send(
    new SendEmailCommand({
      Source: config.MAIL_FROM,
      Destination: { ToAddresses: [to] },
      Message: { Subject: { Data: subject, Charset: 'UTF-8' }, Body: { Text: { Data: text, Charset: 'UTF-8' } } },
    }),
  );
}

export const providerName = config.PROVIDER_NAME;
