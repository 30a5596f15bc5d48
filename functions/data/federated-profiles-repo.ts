/** The profile of an account that signs in through the firm's identity provider (it never registers here). */
import { keys } from './keys';
import { tableName } from './table';
import { getItem, transact } from './table-ops';

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
    const outcome = await transact([
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
    ]);
    if (outcome.ok) return 'created';
    if (outcome.failed.includes(0)) return 'profile-exists';
    if (outcome.failed.includes(1)) return 'email-taken';
    throw outcome.error;
  };
  let outcome = await created(profileItem(identity, now), Boolean(identity.email));
  if (outcome === 'email-taken') outcome = await created(profileItem({ ...identity, email: '' }, now), false);
  if (outcome === 'created') return 'active';
  const profile = await getItem(keys.userProfile(identity.username), { consistent: true });
  return typeof profile?.status === 'string' ? profile.status : 'active';
}
