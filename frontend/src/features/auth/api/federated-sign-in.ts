import { useMutation } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { federationRoutes } from '@shared/api/routes/federation';
import { callApi } from '@/lib/api-client';

export type FederatedSignInInput = BodyInput<typeof federationRoutes.federatedSignIn>;
export const federatedSignIn = (body: FederatedSignInInput) => callApi(federationRoutes.federatedSignIn, { body });
export const useFederatedSignIn = () => useMutation({ mutationFn: federatedSignIn });
