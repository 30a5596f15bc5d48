/**
 * Creates the table, buckets, user pool and app client in the emulators from the same definitions
 * that the CDK stacks use (shared/resources/*). Idempotent, so `npm start` can reuse `.local/` data.
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keyAttributes, newTableItems, tableDefinition, type TableDefinition } from '@shared/resources/table';
import { userPoolDefinition } from '@shared/resources/user-pool';
import { localCredentials, localRegion } from './aws-env';

function createTableInput(name: string, def: TableDefinition = tableDefinition): CreateTableCommandInput {
  return {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: keyAttributes(def).map((a) => ({ AttributeName: a.name, AttributeType: a.type })),
    KeySchema: [
      { AttributeName: def.partitionKey.name, KeyType: 'HASH' },
      { AttributeName: def.sortKey.name, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: def.globalSecondaryIndexes.map((i) => ({
      IndexName: i.indexName,
      KeySchema: [
        { AttributeName: i.partitionKey.name, KeyType: 'HASH' },
        { AttributeName: i.sortKey.name, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}

export async function ensureTable(endpoint: string, name: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: localRegion, credentials: localCredentials });
  try {
    await client.send(new DescribeTableCommand({ TableName: name }));
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    await client.send(new CreateTableCommand(createTableInput(name)));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: name,
        TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      }),
    );
    const doc = DynamoDBDocumentClient.from(client);
    for (const item of newTableItems) await doc.send(new PutCommand({ TableName: name, Item: item }));
  } finally {
    client.destroy();
  }
}

/** Creates a bucket with CORS for browser uploads and downloads (s3rver), unless it exists. */
export async function ensureBucket(endpoint: string, name: string, corsMethods: readonly string[]): Promise<void> {
  const client = new S3Client({ endpoint, region: localRegion, credentials: localCredentials, forcePathStyle: true });
  try {
    try {
      await client.send(new HeadBucketCommand({ Bucket: name }));
      return;
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== 404) throw error;
    }
    await client.send(new CreateBucketCommand({ Bucket: name }));
    await client.send(
      new PutBucketCorsCommand({
        Bucket: name,
        CORSConfiguration: {
          CORSRules: [{ AllowedOrigins: ['*'], AllowedMethods: [...corsMethods], AllowedHeaders: ['*'], ExposeHeaders: ['ETag'], MaxAgeSeconds: 3000 }],
        },
      }),
    );
  } finally {
    client.destroy();
  }
}

export interface LocalUserPool {
  userPoolId: string;
  clientId: string;
}

/** The user pool and its app client; `poolName` gives a separate pool (one per test worker) in the same emulator. */
export async function ensureUserPool(endpoint: string, poolName: string = userPoolDefinition.logicalName): Promise<LocalUserPool> {
  const client = new CognitoIdentityProviderClient({ endpoint, region: localRegion, credentials: localCredentials });
  const def = userPoolDefinition;
  try {
    const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    let userPoolId = pools.UserPools?.find((p) => p.Name === poolName)?.Id;
    if (!userPoolId) {
      const created = await client.send(
        new CreateUserPoolCommand({
          PoolName: poolName,
          Policies: {
            PasswordPolicy: {
              MinimumLength: def.passwordPolicy.minLength,
              RequireLowercase: def.passwordPolicy.requireLowercase,
              RequireUppercase: def.passwordPolicy.requireUppercase,
              RequireNumbers: def.passwordPolicy.requireDigits,
              RequireSymbols: def.passwordPolicy.requireSymbols,
            },
          },
          AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
          Schema: def.standardAttributes.map((name) => ({ Name: name, AttributeDataType: 'String', Mutable: true })),
        }),
      );
      userPoolId = created.UserPool?.Id;
    }
    if (!userPoolId) throw new Error('cognito-local did not return a user pool id');

    const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
    let clientId = clients.UserPoolClients?.find((c) => c.ClientName === def.client.logicalName)?.ClientId;
    if (!clientId) {
      const created = await client.send(
        new CreateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientName: def.client.logicalName,
          ExplicitAuthFlows: [...def.client.authFlows],
          GenerateSecret: false,
          AccessTokenValidity: def.client.accessTokenValidityMinutes,
          IdTokenValidity: def.client.idTokenValidityMinutes,
          RefreshTokenValidity: def.client.refreshTokenValidityMinutes,
          TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
          EnableTokenRevocation: true,
          PreventUserExistenceErrors: 'ENABLED',
        }),
      );
      clientId = created.UserPoolClient?.ClientId;
    }
    if (!clientId) throw new Error('cognito-local did not return an app client id');
    return { userPoolId, clientId };
  } finally {
    client.destroy();
  }
}
