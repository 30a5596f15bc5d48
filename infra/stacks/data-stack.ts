import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { evidenceBucketCors } from '@shared/resources/buckets';
import { tableDefinition, type KeyAttribute } from '@shared/resources/table';

export interface DataStackProps extends StackProps {
  /** production: retain data resources and protect the table from deletion */
  production: boolean;
  /**
   * the app's origin, allowed to POST uploads straight to the evidence bucket. Without it (no custom domain)
   * the bucket gets no CORS here: the web stack sets it to the CloudFront domain once that exists (never `*`).
   */
  uploadOrigins?: string[];
}

const attr = (a: KeyAttribute): dynamodb.Attribute => ({
  name: a.name,
  type: a.type === 'S' ? dynamodb.AttributeType.STRING : dynamodb.AttributeType.NUMBER,
});

/** The table (from the shared definition) and the evidence bucket. */
export class DataStack extends Stack {
  readonly table: dynamodb.TableV2;
  readonly evidenceBucket: s3.Bucket;
  readonly logsBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const removalPolicy = props.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: attr(tableDefinition.partitionKey),
      sortKey: attr(tableDefinition.sortKey),
      globalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((i) => ({
        indexName: i.indexName,
        partitionKey: attr(i.partitionKey),
        sortKey: attr(i.sortKey),
      })),
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: props.production,
      encryption: dynamodb.TableEncryptionV2.awsManagedKey(),
      removalPolicy,
    });

    this.logsBucket = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED, // CloudFront standard logs need ACLs
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy,
      autoDeleteObjects: !props.production,
    });

    this.evidenceBucket = new s3.Bucket(this, 'Evidence', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      versioned: true,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 'evidence/',
      ...(props.uploadOrigins?.length
        ? {
            cors: [
              {
                allowedMethods: evidenceBucketCors.allowedMethods.map((m) => m as s3.HttpMethods),
                allowedOrigins: props.uploadOrigins,
                allowedHeaders: evidenceBucketCors.allowedHeaders,
                exposedHeaders: evidenceBucketCors.exposedHeaders,
                maxAge: evidenceBucketCors.maxAgeSeconds,
              },
            ],
          }
        : {}),
      lifecycleRules: [
        { id: 'old-versions', noncurrentVersionExpiration: Duration.days(30), abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { id: 'unclaimed-placeholder-uploads', prefix: 'pending/', expiration: Duration.days(2) },
        // presigned uploads are staged here until processed (copied to the evidence, then deleted)
        { id: 'unprocessed-uploads', prefix: 'uploads/', expiration: Duration.days(1) },
      ],
      removalPolicy,
      autoDeleteObjects: !props.production,
    });
  }
}
