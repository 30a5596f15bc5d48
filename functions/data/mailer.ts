import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { z } from 'zod';
import { readConfig } from '../lib/config';
import { sesClient } from './clients';

const config = readConfig({
  MAIL_FROM: z.string().min(3),
  PROVIDER_NAME: z.string().min(1).default('Assay Analytics'),
});

export async function sendMail(to: string, subject: string, text: string): Promise<void> {
  await sesClient().send(
    new SendEmailCommand({
      FromEmailAddress: config.MAIL_FROM,
      Destination: { ToAddresses: [to] },
      Content: { Simple: { Subject: { Data: subject, Charset: 'UTF-8' }, Body: { Text: { Data: text, Charset: 'UTF-8' } } } },
    }),
  );
}

export const providerName = config.PROVIDER_NAME;
