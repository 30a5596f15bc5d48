import { useMutation } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { authRoutes } from '@shared/api/routes/auth';
import { callApi } from '@/lib/api-client';

export type ForgotPasswordInput = BodyInput<typeof authRoutes.forgotPassword>;
const forgotPassword = (body: ForgotPasswordInput) => callApi(authRoutes.forgotPassword, { body });
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
