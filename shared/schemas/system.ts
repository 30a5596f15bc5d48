import * as z from 'zod/mini';

export const HealthResponse = z.object({
  status: z.literal('ok'),
  time: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
