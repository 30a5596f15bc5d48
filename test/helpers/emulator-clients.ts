/** SDK clients pointed at the test stack's emulators, for checking state the API does not expose. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import type { StackInfo } from './local-stack';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export function tableClient(stack: StackInfo): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.urls.dynamodb, region: 'us-east-1', credentials }));
}

export function s3Client(stack: StackInfo): S3Client {
  return new S3Client({
    endpoint: stack.urls.s3,
    region: 'us-east-1',
    credentials,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
