/** Time in whole seconds since the epoch: DynamoDB TTL attributes and expiry times are kept in it. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
