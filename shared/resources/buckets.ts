/** S3 buckets, declared once for CDK and the local harness. */
export const bucketDefinitions = {
  /** evidence files, extracted text, progress blobs, exports, saved report files */
  evidence: { logicalName: 'assay-evidence', localName: 'assay-evidence' },
} as const;

/** CORS for direct browser uploads (presigned POST) and downloads (presigned GET). */
export const evidenceBucketCors = {
  allowedMethods: ['GET', 'POST', 'PUT', 'HEAD'] as const,
  allowedHeaders: ['*'],
  exposedHeaders: ['ETag'],
  maxAgeSeconds: 3000,
};
