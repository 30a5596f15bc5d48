/** The profile of an account that signs in through the firm's identity provider (it never registers here). */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys';
import { documentClient, tableName } from './table';

export interface FederatedIdentity {
  username: string;
  name: string;
  email: string;
}

/**
 * Creates the profile (active, listed with every account) on the first sign-in; later sign-ins keep the
 * profile as it is. Answers the profile's status, so a deactivated account gets no session.
 */
export async function ensureFederatedProfile(identity: FederatedIdentity, now = new Date()): Promise<string> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...keys.userProfile(identity.username),
          ...keys.userByName(identity.username),
          entity: 'UserProfile',
          ...identity,
          status: 'active',
          federated: true,
          created_at: now.toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return 'active';
  } catch (error) {
    if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) throw error;
  }
  const { Item } = await documentClient().send(new GetCommand({ TableName: tableName, Key: keys.userProfile(identity.username), ConsistentRead: true }));
  return String(Item?.status ?? 'active');
}
