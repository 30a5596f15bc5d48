import { useMutation } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { routes } from '@shared/api/routes';
import { callApi } from '@/lib/api-client';

export type ForgotPasswordInput = BodyInput<typeof routes.forgotPassword>;
export const forgotPassword = (body: ForgotPasswordInput) => callApi(routes.forgotPassword, { body });
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
