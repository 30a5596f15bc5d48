import { useMutation } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { authRoutes } from '@shared/api/routes/auth';
import { callApi } from '@/lib/api-client';

export type ResetPasswordInput = BodyInput<typeof authRoutes.resetPassword>;
const resetPassword = (body: ResetPasswordInput) => callApi(authRoutes.resetPassword, { body });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
