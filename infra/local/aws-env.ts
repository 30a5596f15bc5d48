/** Credentials and region the emulators accept (they do not check signatures). */
export const localRegion = 'us-east-1';
export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };
