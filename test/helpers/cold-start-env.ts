/**
 * The configuration a deployed function validates at cold start, with well-formed placeholder values:
 * enough for a bundle to import (and to answer requests that touch no AWS service).
 */
export const COLD_START_ENV = {
  AWS_REGION: 'us-east-1',
  TABLE_NAME: 'assay',
  EVIDENCE_BUCKET: 'assay-evidence',
  USER_POOL_ID: 'us-east-1_example',
  USER_POOL_CLIENT_ID: 'exampleclientid',
  COGNITO_ISSUER: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_example',
  MAIL_FROM: 'no-reply@example.com',
  BEDROCK_MODEL_ID: 'global.anthropic.claude-haiku-4-5-20251001-v1:0',
  BEDROCK_REGION: 'us-east-1',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
} as const;
