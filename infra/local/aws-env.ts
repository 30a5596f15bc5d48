/**
 * Credentials and region the emulators accept. s3rver only knows the access key "S3RVER" (it does not
 * check signatures); DynamoDB Local, cognito-local and aws-ses-v2-local accept any key, so all use it.
 */
export const localRegion = 'us-east-1';
export const localCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
