import { useMutation } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { authRoutes } from '@shared/api/routes/auth';
import { callApi } from '@/lib/api-client';

export type FederatedSignInInput = BodyInput<typeof authRoutes.federatedSignIn>;
const federatedSignIn = (body: FederatedSignInInput) => callApi(authRoutes.federatedSignIn, { body });
export const useFederatedSignIn = () => useMutation({ mutationFn: federatedSignIn });
