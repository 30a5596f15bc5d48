/**
 * The single DynamoDB table, declared once. The CDK `TableV2` (infra/stacks/data-stack.ts) and the
 * local harness's `CreateTable` (infra/local/resources.ts) are both built from this definition.
 * Key values are produced only by the key builders in functions/data/keys.ts.
 */
export interface KeyAttribute {
  readonly name: string;
  readonly type: 'S' | 'N';
}

export interface IndexDefinition {
  /** named for its access pattern */
  readonly indexName: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey: KeyAttribute;
}

export interface TableDefinition {
  readonly logicalName: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey: KeyAttribute;
  readonly globalSecondaryIndexes: readonly IndexDefinition[];
  /** epoch-seconds attribute; DynamoDB deletes expired items eventually, so readers check it too */
  readonly timeToLiveAttribute: string;
}

export const tableDefinition = {
  logicalName: 'assay',
  partitionKey: { name: 'PK', type: 'S' },
  sortKey: { name: 'SK', type: 'S' },
  globalSecondaryIndexes: [
    {
      /** entity lists: `ORGS` by name, `REPORTS` by updated_at */
      indexName: 'ByKind',
      partitionKey: { name: 'GSI1PK', type: 'S' },
      sortKey: { name: 'GSI1SK', type: 'S' },
    },
    {
      /** children of an organization: its reports */
      indexName: 'ByOrganization',
      partitionKey: { name: 'GSI2PK', type: 'S' },
      sortKey: { name: 'GSI2SK', type: 'S' },
    },
    {
      /** reports of one status (`REPORTS#Draft`, …) by updated_at: the Draft and Final lists */
      indexName: 'ByStatus',
      partitionKey: { name: 'GSI3PK', type: 'S' },
      sortKey: { name: 'GSI3SK', type: 'S' },
    },
  ],
  timeToLiveAttribute: 'expires_at',
} as const satisfies TableDefinition;

/** Every attribute that appears in a key schema (for AttributeDefinitions). */
export function keyAttributes(def: TableDefinition = tableDefinition): KeyAttribute[] {
  const all = [def.partitionKey, def.sortKey, ...def.globalSecondaryIndexes.flatMap((i) => [i.partitionKey, i.sortKey])];
  return [...new Map(all.map((a) => [a.name, a])).values()];
}

/**
 * What a new, empty table starts with: the mark that the users' clients items are complete (functions/data
 * teams-repo USER_CLIENTS_KEPT, on the list of confidential clients, keys.confidentialClients), true of a table
 * that has had them from its first membership. The local harness writes it when it creates a table; a table
 * older than the items gets it from scripts/migrate-user-clients.ts (`npm run migrate`), which also fills the
 * items. A unit test keeps these names equal to the key builders'.
 */
export const newTableItems: readonly Record<string, string | boolean>[] = [{ PK: 'STATS', SK: 'CONFIDENTIAL', user_clients_kept: true }];
