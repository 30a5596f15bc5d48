import { useMutation } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { routes } from '@shared/api/routes';
import { callApi } from '@/lib/api-client';

export type ResetPasswordInput = BodyInput<typeof routes.resetPassword>;
export const resetPassword = (body: ResetPasswordInput) => callApi(routes.resetPassword, { body });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
