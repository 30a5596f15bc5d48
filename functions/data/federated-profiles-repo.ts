/** The profile of an account that signs in through the firm's identity provider (it never registers here). */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys';
import { documentClient, tableName } from './table';

export interface FederatedIdentity {
  username: string;
  name: string;
  email: string;
}

const profileItem = (identity: FederatedIdentity, now: Date) => ({
  ...keys.userProfile(identity.username),
  ...keys.userByName(identity.username),
  entity: 'UserProfile',
  ...identity,
  status: 'active',
  federated: true,
  created_at: now.toISOString(),
});

/**
 * Creates the profile (active, listed with every account) on the first sign-in; later sign-ins keep the
 * profile as it is. A (verified) email is claimed with it in one transaction, as registration claims one, so
 * no two accounts ever hold the same address (administrators are named by email); when another account holds
 * it already, the profile is made without an email. Answers the profile's status, so a deactivated account gets
 * no session.
 */
export async function ensureFederatedProfile(identity: FederatedIdentity, now = new Date()): Promise<string> {
  const created = async (item: ReturnType<typeof profileItem>, withEmail: boolean): Promise<'created' | 'profile-exists' | 'email-taken'> => {
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
            ...(withEmail
              ? [
                  {
                    Put: {
                      TableName: tableName,
                      Item: { ...keys.userEmail(identity.email), entity: 'UserEmail', username: identity.username, status: 'active', created_at: now.toISOString() },
                      ConditionExpression: 'attribute_not_exists(PK)',
                    },
                  },
                ]
              : []),
          ],
        }),
      );
      return 'created';
    } catch (error) {
      if (!(error instanceof Error && error.name === 'TransactionCanceledException')) throw error;
      const reasons = (error as Error & { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      if (reasons[0]?.Code === 'ConditionalCheckFailed') return 'profile-exists';
      if (reasons[1]?.Code === 'ConditionalCheckFailed') return 'email-taken';
      throw error;
    }
  };
  let outcome = await created(profileItem(identity, now), Boolean(identity.email));
  if (outcome === 'email-taken') outcome = await created(profileItem({ ...identity, email: '' }, now), false);
  if (outcome === 'created') return 'active';
  const { Item } = await documentClient().send(new GetCommand({ TableName: tableName, Key: keys.userProfile(identity.username), ConsistentRead: true }));
  return String(Item?.status ?? 'active');
}
