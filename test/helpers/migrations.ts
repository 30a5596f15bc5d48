/** A data migration script (scripts/migrate-*.ts), run as npm start runs it (infra/local/migrations.ts), with the test stack's environment. */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { StackInfo } from './local-stack';

export function runMigration(stack: StackInfo, script: string): Promise<{ stdout: string; stderr: string }> {
  return promisify(execFile)(resolve('node_modules/.bin/tsx'), [resolve(script)], {
    env: {
      ...process.env,
      TABLE_NAME: stack.tableName,
      EVIDENCE_BUCKET: stack.bucketName,
      AWS_ENDPOINT_URL_DYNAMODB: stack.urls.dynamodb,
      AWS_ENDPOINT_URL_S3: stack.urls.s3,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
  });
}
