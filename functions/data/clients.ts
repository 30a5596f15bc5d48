/**
 * AWS SDK clients, created lazily and reused across invocations.
 * Endpoints come from the SDK's own AWS_ENDPOINT_URL_<SERVICE> variables, so this code is the same
 * locally (emulators) and in the cloud.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';

let ddb: DynamoDBDocumentClient | undefined;
let cognito: CognitoIdentityProviderClient | undefined;
let ses: SESv2Client | undefined;

export function documentClient(): DynamoDBDocumentClient {
  ddb ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return ddb;
}

export function cognitoClient(): CognitoIdentityProviderClient {
  cognito ??= new CognitoIdentityProviderClient({});
  return cognito;
}

export function sesClient(): SESv2Client {
  ses ??= new SESv2Client({});
  return ses;
}
